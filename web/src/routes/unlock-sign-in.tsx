import { createFileRoute } from '@tanstack/react-router';
import { UnlockSignInPage } from '../features/auth/UnlockSignInPage';

export const Route = createFileRoute('/unlock-sign-in')({ component: UnlockSignInPage });
