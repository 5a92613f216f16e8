import { LIVE_CLOSE } from '@pippitch/shared/live-socket';
import { MARGIN_DESK_CHANGED, MARGIN_DESK_PATH, MARGIN_DESK_READY } from '@pippitch/shared/margin-desk-live';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { openReconnectingSocket } from './reconnecting-socket';
import { trpc } from './trpc';

/**
 * The margin desk live (issue 32 §3): while a signed-in page is open, its margin queries (the admins' queue and
 * badge, the standing approvals, the broker's requests and the decisions on their pitches) are read again as soon
 * as the server says a request the member may hear of changed (an admin: the company's; a broker: their own) — no
 * reload. The session is read again too, since it carries the top bar's unread 'Decisions' count: the broker sees
 * a decision where they are. After a reconnection all are read again once (a change may have come meanwhile). A
 * session that ended or a company without access stops it: the page's own requests say why.
 */
export function useMarginDeskLive(): void {
  const utils = trpc.useUtils();
  const router = useRouter();
  useEffect(() => {
    let opened = 0;
    const reread = () => {
      void utils.margin.invalidate();
      // The route guard's session check runs again (the 'Decisions' count), as 'Mark as read' does.
      void utils.auth.session.invalidate().then(() => router.invalidate());
    };
    return openReconnectingSocket(MARGIN_DESK_PATH, {
      onMessage: (data) => {
        if (data === MARGIN_DESK_READY) {
          opened++;
          if (opened > 1) reread();
          return true;
        }
        if (data === MARGIN_DESK_CHANGED) reread();
        return false;
      },
      onClose: (event) =>
        event.code === LIVE_CLOSE.signedOut || event.code === LIVE_CLOSE.noAccess ? 'stop' : 'reconnect',
    });
  }, [utils, router]);
}
