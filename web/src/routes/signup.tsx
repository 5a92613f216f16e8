import { createFileRoute } from '@tanstack/react-router';
import { SignupWizard } from '../features/auth/SignupWizard';
import { JoinInvitation } from '../features/invitations/JoinInvitation';

type SignupSearch = { plan: 'monthly' | 'annual'; invitation?: string };

export const Route = createFileRoute('/signup')({
  validateSearch: (search: Record<string, unknown>): SignupSearch => {
    const plan = search.plan === 'annual' ? 'annual' : 'monthly';
    const invitation = search.invitation;
    // Spec §2 Signup: with an invitation this page accepts it (the same form as /join).
    return typeof invitation === 'string' || typeof invitation === 'number'
      ? { plan, invitation: String(invitation) }
      : { plan };
  },
  component: SignupRoute,
});

function SignupRoute() {
  const { invitation } = Route.useSearch();
  return invitation !== undefined ? <JoinInvitation token={invitation} variant="signup" /> : <SignupWizard />;
}
