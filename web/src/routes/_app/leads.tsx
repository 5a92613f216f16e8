import { createFileRoute } from '@tanstack/react-router';
import { LeadsPage } from '../../features/leads/LeadsPage';

export const Route = createFileRoute('/_app/leads')({ component: LeadsPage });
