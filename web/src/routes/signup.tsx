import { createFileRoute } from '@tanstack/react-router';
import { SignupWizard } from '../features/auth/SignupWizard';
import { JoinInvitation } from '../features/invitations/JoinInvitation';
import { oneOf, searchParams, text, withDefault } from '../lib/search-params';

// Spec §2 Signup: with an invitation this page accepts it (the same form as /join).
const signupSearch = searchParams({ plan: withDefault(oneOf(['monthly', 'annual']), 'monthly'), invitation: text() });

export const Route = createFileRoute('/signup')({
  validateSearch: signupSearch,
  component: SignupRoute,
});

function SignupRoute() {
  const { invitation } = Route.useSearch();
  return invitation !== undefined ? <JoinInvitation token={invitation} variant="signup" /> : <SignupWizard />;
}
