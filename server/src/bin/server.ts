/**
 * The API + web server process. The launcher (server/src/launch), compose and the image start this file. It catches
 * the stop signals before it loads anything else (server/src/lifecycle.ts), then the server itself (../main.ts).
 */
import { catchStopSignals } from '../lifecycle';

catchStopSignals();
await import('../main');
