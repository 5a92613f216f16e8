/**
 * The margin desk's live socket (issue 32 §3): a WebSocket at this path (same origin, the session cookie
 * authenticates it, closed as the live-quote socket is: shared/src/live-socket.ts's LIVE_CLOSE). First
 * MARGIN_DESK_READY once the member is subscribed, then MARGIN_DESK_CHANGED each time the member's company's approval
 * requests change (asked, decided, withdrawn, ended). No message carries figures: the page re-reads its queue or
 * requests through their scoped procedures.
 */
export const MARGIN_DESK_PATH = '/live/margin-desk';

export const MARGIN_DESK_CHANGED = 'changed';

/** Subscribed: after a reconnection the page re-reads (a change may have come while the socket was down). */
export const MARGIN_DESK_READY = 'ready';
