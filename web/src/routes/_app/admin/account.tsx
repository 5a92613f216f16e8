import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/team/AccountPage';

/** Account management (admins, like every /admin page). */
export const Route = createFileRoute('/_app/admin/account')({ component: AccountPage });
