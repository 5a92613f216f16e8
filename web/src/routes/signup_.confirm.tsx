import { createFileRoute } from '@tanstack/react-router';
import { SignupConfirmPage } from '../features/auth/SignupConfirmPage';

/** /signup/confirm: the link from the sign-up e-mail (not nested in /signup's wizard). */
export const Route = createFileRoute('/signup_/confirm')({ component: SignupConfirmPage });
