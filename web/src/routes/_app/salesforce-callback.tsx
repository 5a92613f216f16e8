import { createFileRoute } from '@tanstack/react-router';
import { SalesforceCallback } from '../../features/salesforce/SalesforceCallback';
import { guard } from '../../lib/route-guard';
import { searchParams, text } from '../../lib/search-params';

const callbackSearch = searchParams({ code: text(), state: text(), error: text(), error_description: text() });

/** Where Salesforce returns the admin after the consent screen (admins only, like the settings). */
export const Route = createFileRoute('/_app/salesforce-callback')({
  validateSearch: callbackSearch,
  beforeLoad: ({ location }) => guard('admin', location.href),
  component: SalesforceCallback,
});
