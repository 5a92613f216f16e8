import { ROLE_LABELS } from '@pippitch/shared/access';
import { formatGBP } from '@pippitch/shared/format';
import { planPrice, seatsText } from '@pippitch/shared/plan-price';
import { quote, VAT_LABEL } from '@pippitch/shared/pricing';
import { mayActOn } from '@pippitch/shared/roles';
import { MAX_SEATS_PER_ROLE } from '@pippitch/shared/seats';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/src/api/trpc/router';
import { AdminPage } from '../../components/AdminPage';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Stepper } from '../../components/Stepper';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { Email } from '../admin/MembersTable';
import { ChargeConfirm, type ShownCharge } from '../billing/ChargeConfirm';
import { failureMessage } from './failure';

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
      {overview.isLoading && <Spinner />}
      {overview.error && <Alert tone="error">{overview.error.message}</Alert>}
      {overview.data && <SeatPlan key={seatKey(overview.data)} overview={overview.data} />}
      <Card>
        <h2 className="mb-1 text-lg font-semibold">Team Members</h2>
        <p className="mb-4 text-sm text-slate-600">
          Select members to remove them for good. Their seats stay on your plan until you reduce them above.
        </p>
        {members.isLoading && <Spinner />}
        {members.error && <Alert tone="error">{members.error.message}</Alert>}
        {members.data && <RemoveUsers members={members.data} />}
      </Card>
    </AdminPage>
  );
}

/** A fresh adjuster whenever the stored seats change (after a save or a removal elsewhere). */
function seatKey(o: Overview): string {
  return `${o.usage.admin.purchased}-${o.usage.broker.purchased}`;
}

function SeatPlan({ overview }: { overview: Overview }) {
  const navigate = useNavigate();
  const { usage, minimum, addons } = overview;
  const [admin, setAdmin] = useState(usage.admin.purchased);
  const [broker, setBroker] = useState(usage.broker.purchased);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = trpc.seats.save.useMutation();
  const utils = trpc.useUtils();

  const belowTeam = admin < minimum.admin || broker < minimum.broker;
  const changed = admin !== usage.admin.purchased || broker !== usage.broker.purchased;
  const billing = overview.billing;
  const current = planPrice({
    adminSeats: usage.admin.purchased,
    brokerSeats: usage.broker.purchased,
    billing,
    addons,
  });
  const plan = { adminSeats: admin, brokerSeats: broker, billing, addons };
  const next = planPrice(plan);
  const nextQuote = quote(plan);
  const period = next.period;
  const [shown, setShown] = useState<(ShownCharge & { prorationDate: string }) | null>(null);

  async function submit(confirmation?: { prorationDate: string; dueNowPence: number }) {
    setError(null);
    try {
      const result = await save.mutateAsync({
        adminSeats: admin,
        brokerSeats: broker,
        ...(confirmation && { confirmation }),
      });
      if (result.kind === 'confirm') {
        // Added seats on a paid plan: the amount first; the save is sent again only on Confirm.
        setShown(result.charge);
        return;
      }
      setShown(null);
      if (result.kind === 'payment') {
        // The added seats are paid on the provider's page; they apply once it confirms the payment.
        window.location.assign(result.url);
        return;
      }
      if (result.kind === 'checkout') {
        await navigate({ to: '/checkout' });
        return;
      }
      await Promise.all([utils.seats.invalidate(), utils.company.summary.invalidate()]);
      if (result.kind === 'processing') {
        setNotice(result.message);
        return;
      }
      // The dashboard shows its 10 s success banner for this query.
      await navigate({ href: '/admin?seats_updated=1' });
    } catch (err) {
      setShown(null);
      setError(failureMessage(err, TEAM_MESSAGES.updateSeatsFailed));
    }
  }
  const choose = (set: (n: number) => void) => (n: number) => {
    setShown(null);
    set(n);
  };

  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">Current Plan</h2>
          <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
            <Figure label="Total seats" value={usage.total.purchased} />
            <Figure label="Used" value={usage.total.used} />
            <Figure label="Available" value={usage.total.available} />
          </dl>
          <ul className="mt-4 space-y-1 text-sm text-slate-600">
            <li>
              Admin seats: {usage.admin.active} of {usage.admin.purchased} used
            </li>
            <li>
              Broker seats: {usage.broker.active} of {usage.broker.purchased} used
            </li>
            {usage.total.pending > 0 && (
              <li>
                {usage.total.pending} pending invitation{usage.total.pending === 1 ? '' : 's'} hold
                {usage.total.pending === 1 ? 's' : ''} a seat
              </li>
            )}
          </ul>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{billing === 'annual' ? 'Annual Billing' : 'Monthly Billing'}</h2>
          {changed && <p className="text-sm text-slate-600">For the seats chosen below</p>}
          <dl className="mt-4 space-y-2 text-sm">
            <Line label={`Price per seat per month (${next.tierName})`} value={formatGBP(next.seatPerMonth)} />
            {next.seatPerYear && <Line label="Price per seat per year" value={formatGBP(next.seatPerYear)} />}
            <Line
              label={`${seatsText(next.totalSeats)} × ${formatGBP(next.seatPerYear ?? next.seatPerMonth)}`}
              value={formatGBP(nextQuote.seatsTotalForPeriod)}
            />
            {next.addonCount > 0 && (
              <Line
                label={`Add-ons (${next.addonCount} × ${seatsText(next.totalSeats)} × ${formatGBP(next.addonPerSeatPerPeriod)})`}
                value={formatGBP(nextQuote.addonsTotalForPeriod)}
              />
            )}
            <Line label={`Total per ${period} (ex VAT)`} value={formatGBP(next.exVat)} strong />
            <Line label={VAT_LABEL} value={formatGBP(next.vat)} />
            <Line label={`Total per ${period} incl. VAT`} value={formatGBP(next.inclVat)} />
          </dl>
          {changed && (
            <p className="mt-3 text-xs text-slate-500">
              Currently {formatGBP(current.exVat)} per {period} ex VAT.
            </p>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="text-lg font-semibold">Adjust Seats</h2>
        {
          <div className="mt-4 space-y-4">
            {overview.subscriptionStatus === 'trialing' ? (
              <p className="text-sm text-slate-600">
                You are on the free trial: seat changes are saved at once, with nothing to pay until the trial ends.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                Added seats are charged now for the rest of this billing period (prorated); fewer seats apply from your
                next bill, with no refund for this one.
              </p>
            )}
            <div className="flex flex-wrap gap-6">
              <Stepper label="Admin seats" value={admin} min={1} max={MAX_SEATS_PER_ROLE} onChange={choose(setAdmin)} />
              <Stepper
                label="Broker seats"
                value={broker}
                min={0}
                max={MAX_SEATS_PER_ROLE}
                onChange={choose(setBroker)}
              />
            </div>
            <p className="text-xs text-slate-500">
              Your team holds {minimum.admin} admin and {minimum.broker} broker seat
              {minimum.broker === 1 ? '' : 's'} (active members and pending invitations).
            </p>
            {belowTeam && <Alert tone="error">{TEAM_MESSAGES.belowTeamSize}</Alert>}
            {!belowTeam && nextQuote.cheaperWithOneMore && (
              <Alert tone="info">
                One more seat would cost less in total: {next.totalSeats + 1} seats move to a cheaper tier.
              </Alert>
            )}
            {error && !shown && <Alert tone="error">{error}</Alert>}
            {notice && <Alert tone="info">{notice}</Alert>}
            {shown ? (
              <ChargeConfirm
                charge={shown}
                busy={save.isPending}
                error={error}
                onConfirm={() => void submit({ prorationDate: shown.prorationDate, dueNowPence: shown.dueNowPence })}
                onCancel={() => {
                  setShown(null);
                  setError(null);
                }}
              />
            ) : (
              <Button
                onClick={() => void submit()}
                disabled={!changed || belowTeam || save.isPending}
                aria-busy={save.isPending}
              >
                {save.isPending ? 'Saving...' : 'Save Seats'}
              </Button>
            )}
          </div>
        }
      </Card>
    </>
  );
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

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-2 font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
