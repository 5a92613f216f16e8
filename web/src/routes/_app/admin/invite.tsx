import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../../features/invitations/InvitePage';

export const Route = createFileRoute('/_app/admin/invite')({ component: InvitePage });
