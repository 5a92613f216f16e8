import type { AppRouter } from '@pippitch/server';
import { formatGBP } from '@pippitch/shared/format';
import { planPrice, seatsText } from '@pippitch/shared/plan-price';
import { quote, VAT_LABEL } from '@pippitch/shared/pricing';
import { MAX_SEATS_PER_ROLE } from '@pippitch/shared/seats';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { Stepper } from '../../components/Stepper';
import { Alert, Button, Card } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { ChargeConfirm, type ShownCharge } from '../billing/ChargeConfirm';

type Overview = inferRouterOutputs<AppRouter>['seats']['overview'];

/**
 * The seat adjuster with its price card (spec §2 Seat management, Account management): steppers that cannot go
 * below the team, the price per seat for the plan's period, the change and the total with tiers, and on a paid
 * plan the amount step before any charge. Used by /admin/seats (the owner) and /admin/account (admins).
 */
export function SeatPlan({ overview, from }: { overview: Overview; from: 'seats' | 'account' }) {
  const navigate = useNavigate();
  const { usage, minimum, addons } = overview;
  const [admin, setAdmin] = useState(usage.admin.purchased);
  const [broker, setBroker] = useState(usage.broker.purchased);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ownerSave = trpc.seats.save.useMutation();
  const adminSave = trpc.seats.saveFromAccount.useMutation();
  const save = from === 'seats' ? ownerSave : adminSave;
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
      <div className={`grid gap-6 ${from === 'seats' ? 'md:grid-cols-2' : ''}`}>
        <Card className={from === 'account' ? 'hidden' : ''}>
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
              Currently {formatGBP(current.exVat)} per {period} ex VAT; change{' '}
              {Number(next.exVat) >= Number(current.exVat) ? '+' : '−'}
              {formatGBP(Math.abs(Number(next.exVat) - Number(current.exVat)).toFixed(2))} per {period}.
            </p>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="text-lg font-semibold">{from === 'account' ? 'Seats' : 'Adjust Seats'}</h2>
        {
          <div className="mt-4 space-y-4">
            {overview.subscriptionStatus === 'trialing' ? (
              <p className="text-sm text-slate-600">
                {/* The same words as the confirmation a plan paid during the trial shows (issue 31 §6). */}
                You are on the free trial: nothing is charged now for a seat change. The plan's price with these seats
                is first charged when your trial ends.
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
