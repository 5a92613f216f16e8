import { createFileRoute } from '@tanstack/react-router';
import { EmailPreviewPage } from '../../features/emails/EmailPreviewPage';
import { guard } from '../../lib/route-guard';

/** Admins only (brokers are sent to /calculator; the server refuses them as well). */
export const Route = createFileRoute('/_app/email-preview')({
  beforeLoad: ({ location }) => guard('admin', location.href),
  component: EmailPreviewPage,
});
