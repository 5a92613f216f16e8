import type { Dispatch } from 'react';
import { Alert } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { ChargeConfirm, chargeError } from './ChargeConfirm';
import { CheckoutButtons, ProviderNotes } from './CheckoutParts';
import type { Choice } from './checkout-choice';
import type { CheckoutAction, CheckoutOrder } from './checkout-order';

/**
 * The second flow of /checkout (issue 20 §1): a company that pays changes its one subscription. Review change asks
 * the provider what it would charge; the amount is shown and nothing is charged until Confirm, which sends back the
 * moment and amount shown (a price that moved meanwhile is refused and shown again).
 */
export function PlanChangeCheckout({
  choice,
  order,
  dispatch,
  provider,
  supportEmail,
  onChanged,
}: {
  choice: Choice;
  order: CheckoutOrder;
  dispatch: Dispatch<CheckoutAction>;
  provider: string | null | undefined;
  supportEmail: string;
  /** The plan is changed: the company's summary is read again. */
  onChanged(): void;
}) {
  const { charge, error } = order;
  const failed = (e: Parameters<typeof chargeError>[0]) => dispatch({ type: 'failed', message: chargeError(e) });
  const preview = trpc.billing.planChange.preview.useMutation({
    onSuccess: (shown) => dispatch({ type: 'previewed', charge: shown }),
    onError: failed,
  });
  const confirm = trpc.billing.planChange.confirm.useMutation({
    onSuccess: (result) => {
      if (result.status === 'requires_payment') return window.location.assign(result.url);
      dispatch({ type: 'changed' });
      onChanged();
    },
    onError: failed,
  });
  return (
    <>
      <ProviderNotes provider={provider} testModeNote="." supportEmail={supportEmail} />
      {error && !charge && <Alert tone="error">{error}</Alert>}
      {charge && (
        <ChargeConfirm
          charge={charge}
          busy={confirm.isPending}
          error={error}
          onConfirm={() =>
            confirm.mutate({
              ...choice,
              confirmation: { prorationDate: charge.prorationDate, dueNowPence: charge.dueNowPence },
            })
          }
          onCancel={() => dispatch({ type: 'dismissed' })}
        />
      )}
      <CheckoutButtons
        action={
          charge
            ? null
            : {
                label: 'Review change',
                busyLabel: 'Working out the amount...',
                busy: preview.isPending,
                run: () => {
                  dispatch({ type: 'retry' });
                  preview.mutate(choice);
                },
              }
        }
      />
    </>
  );
}
