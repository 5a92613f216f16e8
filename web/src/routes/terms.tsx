import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, TermsText } from '../features/marketing/legal';

export const Route = createFileRoute('/terms')({
  component: () => (
    <LegalPage title="Terms of Service">
      <TermsText />
    </LegalPage>
  ),
});
