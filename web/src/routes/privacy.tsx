import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, PrivacyText } from '../features/marketing/legal';

export const Route = createFileRoute('/privacy')({
  component: () => (
    <LegalPage title="Privacy Policy">
      <PrivacyText />
    </LegalPage>
  ),
});
