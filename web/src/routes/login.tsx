import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { searchParams, text } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  // Only same-site paths are followed later (LoginPage's safeRedirect); anything else is dropped here.
  validateSearch: searchParams({ redirect: text() }),
  component: LoginPage,
});
