import { formatGBP } from '@pippitch/shared/format';
import { planPrice, seatPriceText, seatsText } from '@pippitch/shared/plan-price';
import { ANNUAL_DISCOUNT_PERCENTAGE, type Billing, quote, VAT_LABEL } from '@pippitch/shared/pricing';
import type { ReactNode } from 'react';
import { AddonChoices } from '../../components/AddonChoices';
import { Segmented } from '../../components/Segmented';
import { Stepper } from '../../components/Stepper';
import { Alert, Card } from '../../components/ui';
import type { Choice } from './checkout-choice';
import { OrderLine } from './OrderLine';

/**
 * The order as /checkout shows it to both flows: seats, add-ons, the billing period and the summary with VAT, priced
 * by pricing.ts's quote (the figures the server charges). `children` is the flow's own part, under the summary.
 */
export function OrderCards({
  choice,
  seatNote,
  onSeats,
  onChoose,
  children,
}: {
  choice: Choice;
  seatNote: string | null;
  onSeats(role: 'admin' | 'broker', n: number): void;
  onChoose(patch: Partial<Choice>): void;
  children: ReactNode;
}) {
  const q = quote(choice);
  const price = planPrice(choice);
  return (
    <>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">Seats</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Stepper label="Admin seats" value={choice.adminSeats} min={1} onChange={(n) => onSeats('admin', n)} />
          <Stepper label="Broker seats" value={choice.brokerSeats} min={0} onChange={(n) => onSeats('broker', n)} />
        </div>
        {seatNote && <Alert tone="warning">{seatNote}</Alert>}
        <p className="text-sm text-slate-600">
          {seatsText(q.totalSeats)} at {seatPriceText(price)} ({q.tierName}).
        </p>
        {q.cheaperWithOneMore && (
          <p className="text-sm text-amber-800">
            Tip: one more seat moves you to a cheaper tier and lowers your total.
          </p>
        )}
      </Card>

      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">Add-ons</h2>
        <AddonChoices billing={choice.billing} value={choice.addons} onChange={(addons) => onChoose({ addons })} />
      </Card>

      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">Plan</h2>
        <Segmented<Billing>
          legend="Plan"
          look="card"
          value={choice.billing}
          onChange={(billing) => onChoose({ billing })}
          options={[
            { value: 'monthly', label: 'Monthly', hint: 'Billed monthly, cancel any time' },
            { value: 'annual', label: 'Annual', hint: `${ANNUAL_DISCOUNT_PERCENTAGE}% off, billed yearly` },
          ]}
        />
        <h2 className="text-lg font-semibold">Order summary</h2>
        <dl className="space-y-2 text-sm">
          <OrderLine
            label={`${seatsText(q.totalSeats)} (${choice.adminSeats} admin, ${choice.brokerSeats} broker)`}
            value={formatGBP(q.seatsTotalForPeriod)}
          />
          <OrderLine label="Add-ons" value={formatGBP(q.addonsTotalForPeriod)} />
          <OrderLine label="Subtotal" value={formatGBP(q.subtotal)} />
          <OrderLine label={VAT_LABEL} value={formatGBP(q.vat)} />
          <OrderLine label={`Total per ${price.period}`} value={formatGBP(q.total)} strong />
        </dl>
        {children}
      </Card>
    </>
  );
}
