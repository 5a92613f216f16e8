import { createFileRoute } from '@tanstack/react-router';
import { SignupWizard } from '../features/auth/SignupWizard';

export const Route = createFileRoute('/signup')({
  validateSearch: (search: Record<string, unknown>): { plan: 'monthly' | 'annual' } => ({
    plan: search.plan === 'annual' ? 'annual' : 'monthly',
  }),
  component: SignupWizard,
});
