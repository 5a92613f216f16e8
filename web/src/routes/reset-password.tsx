import { createFileRoute } from '@tanstack/react-router';
import { NoIndex } from '../components/NoIndex';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';

export const Route = createFileRoute('/reset-password')({ component: ResetPasswordRoute });

function ResetPasswordRoute() {
  return (
    <>
      <NoIndex />
      <ResetPasswordPage />
    </>
  );
}
