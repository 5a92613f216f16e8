import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';

export const Route = createFileRoute('/login')({
  // Only same-site paths are followed later (LoginPage's safeRedirect); anything else is dropped here.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
});
