/**
 * The worker process. The launcher (server/src/launch), compose and the image start this file. It catches the stop
 * signals before it loads anything else (core/src/lifecycle.ts), then the worker itself (../main.ts).
 */
import { catchStopSignals } from '@pippitch/core/lifecycle';

catchStopSignals();
await import('../main');
