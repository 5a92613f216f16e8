import type { AppRouter } from '@pippitch/server';
import { ROLE_LABELS } from '@pippitch/shared/access';
import { mayActOn } from '@pippitch/shared/roles';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { getRouteApi } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { AdminPage } from '../../components/AdminPage';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Email } from '../../components/Email';
import { QueryStatus } from '../../components/QueryStatus';
import { Alert, Button, Card } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { SeatPlan } from './SeatPlan';

const route = getRouteApi('/_app/admin/seats');

type Outputs = inferRouterOutputs<AppRouter>;
type Overview = Outputs['seats']['overview'];
type Member = Outputs['team']['members'][number];

/** /admin/seats (spec §2 Seat management): the plan's seats, what they cost, the adjuster, and removing users. */
export function SeatsPage() {
  const { session } = route.useRouteContext();
  const overview = trpc.seats.overview.useQuery();
  const members = trpc.team.members.useQuery();
  return (
    <AdminPage
      session={session}
      nav={[
        { label: 'Dashboard', to: '/admin' },
        { label: 'Account', to: '/admin/account' },
        { label: 'Use Calculator', to: '/calculator' },
      ]}
      title="Seat Management"
      intro={<>Choose how many admin and broker seats your team has.</>}
    >
      <QueryStatus query={overview} />
      {overview.data && <SeatPlan key={seatKey(overview.data)} overview={overview.data} from="seats" />}
      <Card>
        <h2 className="mb-1 text-lg font-semibold">Team Members</h2>
        <p className="mb-4 text-sm text-slate-600">
          Select members to remove them for good. Their seats stay on your plan until you reduce them above.
        </p>
        <QueryStatus query={members} />
        {members.data && <RemoveUsers members={members.data} />}
      </Card>
    </AdminPage>
  );
}

/** A fresh adjuster whenever the stored seats change (after a save or a removal elsewhere). */
export function seatKey(o: Overview): string {
  return `${o.usage.admin.purchased}-${o.usage.broker.purchased}`;
}

function RemoveUsers({ members }: { members: Member[] }) {
  const utils = trpc.useUtils();
  const remove = trpc.seats.removeUsers.useMutation({
    onSettled: () =>
      Promise.all([utils.team.members.invalidate(), utils.seats.invalidate(), utils.company.summary.invalidate()]),
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const you = members.find((m) => m.isYou);
  const removable = (m: Member) => you !== undefined && mayActOn(you, m, 'remove');
  const chosen = members.filter((m) => selected.has(m.id));
  const label = `Remove ${chosen.length} User(s)`;

  function toggle(id: string, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function ask() {
    const names = chosen.map((m) => m.fullName);
    setConfirm({
      title: `${label}?`,
      message: (
        <>
          <ul className="mb-2 list-disc space-y-0.5 pl-5">
            {chosen.map((m) => (
              <li key={m.id}>
                {m.fullName} ({m.email})
              </li>
            ))}
          </ul>
          They are deleted permanently, with their calculations, leads and activity log. This cannot be undone.
        </>
      ),
      confirmLabel: label,
      tone: 'danger',
      run: async () => {
        setNotice(null);
        try {
          await remove.mutateAsync({ memberIds: chosen.map((m) => m.id) });
          setSelected(new Set());
          setNotice({ tone: 'success', text: `Removed ${names.join(', ')}.` });
        } catch (err) {
          setNotice({ tone: 'error', text: failureMessage(err, TEAM_MESSAGES.removeUsersFailed) });
        }
      },
    });
  }

  return (
    <div className="space-y-4">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {members.map((m) => (
          <li key={m.id} className="flex items-center gap-3 px-4 py-3">
            {removable(m) ? (
              <input
                type="checkbox"
                aria-label={`Select ${m.fullName}`}
                checked={selected.has(m.id)}
                onChange={(e) => toggle(m.id, e.target.checked)}
                className="h-4 w-4 shrink-0 rounded border-slate-300"
              />
            ) : (
              <span className="h-4 w-4 shrink-0" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {m.fullName}
                {m.isYou && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
              </p>
              <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                <Email address={m.email} />
              </p>
            </div>
            <div className="shrink-0 text-right text-xs">
              <p className="capitalize text-slate-700">{ROLE_LABELS[m.role]}</p>
              <p className={m.isActive ? 'text-green-700' : 'text-slate-500'}>{m.isActive ? 'Active' : 'Inactive'}</p>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="danger" onClick={ask} disabled={chosen.length === 0 || remove.isPending}>
        {label}
      </Button>
    </div>
  );
}
