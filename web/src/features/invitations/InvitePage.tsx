import { INVITE_MESSAGES, inviteRowsProblem, refusalText } from '@pippitch/shared/invitations';
import { seatsText } from '@pippitch/shared/plan-price';
import type { SeatRole } from '@pippitch/shared/seats';
import { noSeatsMessage } from '@pippitch/shared/seats';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { AdminPage } from '../../components/AdminPage';
import { QueryStatus } from '../../components/QueryStatus';
import { Segmented } from '../../components/Segmented';
import { Alert, Button, Card, TextField } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { ADMIN_NAV } from '../../lib/nav';
import { trpc } from '../../lib/trpc';
import { InvitationHistory } from './InvitationHistory';

const route = getRouteApi('/_app/admin');

interface Row {
  key: number;
  value: string;
}

interface Outcome {
  sent: string | null;
  refused: string[];
  error: string | null;
}

/** /admin/invite (spec §2 Invite members): free seats, the invite form and the invitation history. */
export function InvitePage() {
  const { session } = route.useRouteContext();
  const utils = trpc.useUtils();
  const overview = trpc.invitations.overview.useQuery();
  const send = trpc.invitations.send.useMutation({ onSettled: () => utils.invitations.overview.invalidate() });
  const [role, setRole] = useState<SeatRole>('broker');
  const nextKey = useRef(2);
  const [rows, setRows] = useState<Row[]>([{ key: 1, value: '' }]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const seats = overview.data?.seats;
  const available = seats ? seats[role].available : 0;

  const newRow = (value = ''): Row => ({ key: nextKey.current++, value });
  const setRow = (key: number, value: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, value } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const emails = rows.map((r) => r.value.trim()).filter((v) => v !== '');
    const problem = inviteRowsProblem(emails) ?? (available === 0 ? noSeatsMessage(role) : null);
    if (problem) {
      setOutcome({ sent: null, refused: [], error: problem });
      return;
    }
    setOutcome(null);
    try {
      const res = await send.mutateAsync({ role, emails });
      setOutcome({ sent: res.message, refused: res.refused.map(refusalText), error: null });
      // What was sent leaves the form; what was refused stays to be corrected or removed.
      setRows(res.refused.length > 0 ? res.refused.map((r) => newRow(r.email)) : [newRow()]);
    } catch (err) {
      setOutcome({ sent: null, refused: [], error: failureMessage(err, INVITE_MESSAGES.sendFailed) });
    }
  }

  return (
    <AdminPage
      session={session}
      nav={[{ label: 'Home', to: '/' }, ...ADMIN_NAV]}
      title="Invite Team Members"
      intro={<>Each invitation holds a seat until it is accepted, revoked or expires after 7 days.</>}
    >
      <QueryStatus query={overview} />
      {seats && (
        <section aria-label="Available seats" className="grid grid-cols-3 gap-2 sm:gap-4">
          <SeatTile label="Available Admin Seats" value={seats.admin.available} of={seats.admin} />
          <SeatTile label="Available Broker Seats" value={seats.broker.available} of={seats.broker} />
          <SeatTile
            label="Total Available"
            value={seats.total.available}
            of={{ purchased: seats.total.purchased, active: seats.total.used, pending: seats.total.pending }}
          />
        </section>
      )}

      <Card>
        <h2 className="text-lg font-semibold">Send Invitations</h2>
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700">Role</p>
            <Segmented<SeatRole>
              legend="Role"
              value={role}
              onChange={(r) => {
                setRole(r);
                setOutcome(null);
              }}
              options={[
                { value: 'broker', label: 'Broker', hint: seats ? `${seats.broker.available} available` : undefined },
                { value: 'admin', label: 'Admin', hint: seats ? `${seats.admin.available} available` : undefined },
              ]}
              className="max-w-sm"
            />
          </div>
          <div className="space-y-3">
            {rows.map((row, i) => (
              <div key={row.key} className="flex items-end gap-2">
                <TextField
                  label={`Email address ${i + 1}`}
                  type="email"
                  autoComplete="off"
                  placeholder="name@company.com"
                  value={row.value}
                  onChange={(e) => setRow(row.key, e.target.value)}
                  className="flex-1"
                />
                {rows.length > 1 && (
                  <Button
                    variant="ghost"
                    aria-label={`Remove email address ${i + 1}`}
                    onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                    className="mb-0.5"
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
            <Button variant="secondary" onClick={() => setRows((rs) => [...rs, newRow()])}>
              + Add another email
            </Button>
          </div>
          {outcome?.error && <Alert tone="error">{outcome.error}</Alert>}
          {outcome?.sent && <Alert tone="success">{outcome.sent}</Alert>}
          {outcome && outcome.refused.length > 0 && (
            <Alert tone="warning">
              <p className="font-semibold">Not sent:</p>
              <ul className="mt-1 list-disc pl-5">
                {outcome.refused.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </Alert>
          )}
          {seats && available === 0 && !outcome?.error && <Alert tone="info">{noSeatsMessage(role)}</Alert>}
          <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending || !seats || available === 0}>
            {send.isPending ? 'Sending...' : 'Send Invitations'}
          </Button>
        </form>
      </Card>

      <Card>
        <h2 className="mb-4 text-lg font-semibold">Invitation History</h2>
        <InvitationHistory invitations={overview.data?.invitations} loading={overview.isLoading} />
      </Card>
    </AdminPage>
  );
}

function SeatTile({
  label,
  value,
  of,
}: {
  label: string;
  value: number;
  of: { purchased: number; active: number; pending: number };
}) {
  return (
    <Card className="p-3 sm:p-5">
      <section aria-label={label}>
        <p className="text-[11px] font-medium uppercase tracking-wide text-slate-500 sm:text-xs">{label}</p>
        <p className="mt-1 text-2xl font-semibold">{value}</p>
        <p className="mt-1 hidden text-xs text-slate-500 sm:block">
          {seatsText(of.purchased)} · {of.active} in use · {of.pending} pending
        </p>
      </section>
    </Card>
  );
}
