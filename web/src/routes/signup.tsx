import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SignupWizard } from '../features/auth/SignupWizard';

export const Route = createFileRoute('/signup')({
  validateSearch: z.object({ plan: z.enum(['monthly', 'annual']).catch('monthly').default('monthly') }),
  component: SignupWizard,
});
