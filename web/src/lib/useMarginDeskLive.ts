import { LIVE_CLOSE } from '@pippitch/shared/live-socket';
import { MARGIN_DESK_CHANGED, MARGIN_DESK_PATH, MARGIN_DESK_READY } from '@pippitch/shared/margin-desk-live';
import { useEffect } from 'react';
import { trpc } from './trpc';

/** Waits before each reconnection after a failure, the last repeated (as the live quotes' socket). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The margin desk live (issue 32 §3): while a signed-in page is open, its margin queries (the admins' queue and
 * badge, the standing approvals, the broker's requests and the decisions on their pitches) are read again as soon
 * as the server says the company's requests changed — no reload. After a reconnection they are read again once
 * (a change may have come meanwhile). A session that ended or a company without access stops it: the page's own
 * requests say why.
 */
export function useMarginDeskLive(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let opened = 0;
    let unmounted = false;

    const connect = () => {
      const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${MARGIN_DESK_PATH}`);
      socket = ws;
      ws.onmessage = (event: MessageEvent<string>) => {
        if (unmounted) return;
        if (event.data === MARGIN_DESK_READY) {
          failures = 0;
          opened++;
          if (opened > 1) void utils.margin.invalidate();
        } else if (event.data === MARGIN_DESK_CHANGED) {
          void utils.margin.invalidate();
        }
      };
      ws.onclose = (event) => {
        socket = null;
        if (unmounted || event.code === LIVE_CLOSE.signedOut || event.code === LIVE_CLOSE.noAccess) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures++;
      };
    };

    connect();
    return () => {
      unmounted = true;
      clearTimeout(retry);
      const open = socket;
      if (!open) return;
      // Closing a socket still connecting makes the browser log an error: close it once it is open instead.
      if (open.readyState === WebSocket.CONNECTING) open.onopen = () => open.close();
      else open.close();
    };
  }, [utils]);
}
