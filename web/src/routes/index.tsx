import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/marketing/LandingPage';

export const Route = createFileRoute('/')({ component: LandingPage });
