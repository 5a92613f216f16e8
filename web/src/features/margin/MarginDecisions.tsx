import { formatLondonDateTime } from '@pippitch/shared/time';
import { useRouter } from '@tanstack/react-router';
import { SectionHead } from '../../components/SectionHead';
import { Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';

/**
 * A member's decisions on their pitches below the desk's floor (issue 25 §2), newest first: what the app tells them
 * besides the e-mail. Unread ones stand out until the member marks them read. Nothing shows when there are none.
 */
export function MarginDecisions() {
  const utils = trpc.useUtils();
  const router = useRouter();
  const list = trpc.margin.notifications.useQuery(undefined, { staleTime: 30_000 });
  const markRead = trpc.margin.markNotificationsRead.useMutation({
    // The session carries the top bar's unread count (route context): marked stale, then the route's session check
    // runs again, so the count clears with the list.
    onSettled: async () => {
      await Promise.all([utils.margin.notifications.invalidate(), utils.auth.session.invalidate()]);
      await router.invalidate();
    },
  });
  const items = list.data ?? [];
  if (items.length === 0) return null;
  const unread = items.filter((n) => !n.read).length;
  return (
    <section
      aria-labelledby="margin-decisions"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <SectionHead
        id="margin-decisions"
        className="text-base"
        actions={
          unread > 0 && (
            <Button variant="ghost" disabled={markRead.isPending} onClick={() => markRead.mutate()}>
              Mark as read
            </Button>
          )
        }
      >
        Approvals of pitches below the floor{unread > 0 ? ` (${unread} new)` : ''}
      </SectionHead>
      <ul className="mt-2 space-y-2">
        {items.slice(0, 5).map((n) => (
          <li
            key={n.id}
            data-testid="margin-decision"
            className={`rounded-lg px-3 py-2 text-sm ${n.read ? 'bg-slate-50 text-slate-700' : n.kind === 'margin_approved' ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-900'}`}
          >
            <p className="font-medium">{n.title}</p>
            <p>
              {n.body} · {formatLondonDateTime(new Date(n.createdAt))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
