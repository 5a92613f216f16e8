import { createFileRoute } from '@tanstack/react-router';
import { SalesforceCallback } from '../../features/salesforce/SalesforceCallback';
import { guard } from '../../lib/route-guard';

interface CallbackSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.length <= 2000 ? v : undefined);

/** Where Salesforce returns the admin after the consent screen (admins only, like the settings). */
export const Route = createFileRoute('/_app/salesforce-callback')({
  beforeLoad: ({ location }) => guard('admin', location.href),
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    code: text(search.code),
    state: text(search.state),
    error: text(search.error),
    error_description: text(search.error_description),
  }),
  component: SalesforceCallback,
});
