import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any path the app does not know goes to the landing page. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
