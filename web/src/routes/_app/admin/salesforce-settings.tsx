import { createFileRoute } from '@tanstack/react-router';
import { SalesforceSettings } from '../../../features/salesforce/SalesforceSettings';

export const Route = createFileRoute('/_app/admin/salesforce-settings')({ component: SalesforceSettings });
