import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '../components/NoIndex';
import { UnlockSignInPage } from '../features/auth/UnlockSignInPage';

export const Route = createFileRoute('/unlock-sign-in')({ component: UnlockSignInRoute });

function UnlockSignInRoute() {
  return (
    <>
      <NoIndex />
      <UnlockSignInPage />
    </>
  );
}
