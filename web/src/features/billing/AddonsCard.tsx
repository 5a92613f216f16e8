import { ADDONS, type AddonKey } from '@pippitch/shared/pricing';
import { useEffect, useState } from 'react';
import { addonSeatPrice } from '../../components/AddonChoices';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Alert, Button, Card } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { formatDate } from '../../lib/product';
import { trpc } from '../../lib/trpc';
import { ChargeConfirm, type ShownCharge } from './ChargeConfirm';

/** The account page's banner after an add-on changes lasts 5 s (design.md §3 Banners). */
const ADDON_BANNER_MS = 5_000;

type Pending = { key: AddonKey; name: string; charge: ShownCharge & { prorationDate: string } };

/**
 * Add-ons with their price (issue 20 §3–4): free to turn on and off during the trial; on a paid plan enabling
 * one shows the provider's prorated amount and charges it only on Confirm; disabling asks first and says that
 * nothing is refunded.
 */
export function AddonsCard() {
  const account = trpc.billing.account.useQuery();
  const summary = trpc.company.summary.useQuery();
  const utils = trpc.useUtils();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setAddon = trpc.billing.setAddon.useMutation();
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ADDON_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const a = account.data;
  if (!a) return null;
  const annual = (a.plan ?? summary.data?.billingPeriod) === 'annual';
  const trial = a.status === 'trialing';
  const changeable = trial || (a.paid && !a.cancelScheduled);

  async function change(key: AddonKey, name: string, enabled: boolean, shown?: Pending['charge']) {
    setError(null);
    try {
      const result = await setAddon.mutateAsync({
        addon: key,
        enabled,
        ...(shown && { confirmation: { prorationDate: shown.prorationDate, dueNowPence: shown.dueNowPence } }),
      });
      if (result.status === 'confirm') {
        setPending({ key, name, charge: result.charge });
        return;
      }
      setPending(null);
      if (result.status === 'requires_payment') {
        window.location.assign(result.url);
        return;
      }
      await Promise.all([
        utils.billing.invalidate(),
        utils.company.summary.invalidate(),
        // The seats' billing card prices the add-ons too (issue 31 §6: it kept the old total until a reload).
        utils.seats.invalidate(),
        utils.auth.session.invalidate(),
      ]);
      setBanner(
        enabled
          ? `${name} is now enabled for your team.${trial ? ' It is free until your trial ends.' : ''}`
          : `${name} is now disabled.${trial ? '' : ' Nothing is refunded for the current period; your next bill is lower.'}`,
      );
    } catch (err) {
      setPending(null);
      setError(failureMessage(err, enabled ? `Failed to enable ${name}` : `Failed to disable ${name}`));
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Add-ons</h2>
      {banner && (
        <div className="mt-3">
          <Alert tone="success">{banner}</Alert>
        </div>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {ADDONS.map((addon) => {
          const on = a.addons[addon.key];
          const waiting = pending?.key === addon.key ? pending : null;
          return (
            <li key={addon.key} className="space-y-3 py-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="text-sm">
                  <span className="font-medium">{addon.name}</span>{' '}
                  <span className={on ? 'text-green-700' : 'text-slate-500'}>{on ? 'Enabled' : 'Not enabled'}</span>
                  <span className="block text-slate-600">
                    {addonSeatPrice(annual ? 'annual' : 'monthly')}
                    {trial && ' after the trial; free until then'}
                  </span>
                </div>
                {changeable && !waiting && (
                  <Button
                    variant={on ? 'secondary' : 'primary'}
                    disabled={setAddon.isPending}
                    onClick={() =>
                      trial
                        ? void change(addon.key, addon.name, !on)
                        : on
                          ? setConfirm({
                              title: `Disable ${addon.name}?`,
                              message: `${addon.name} is removed from your subscription and your team loses it now. There is no refund for the current period.`,
                              confirmLabel: 'Disable',
                              tone: 'danger',
                              run: () => change(addon.key, addon.name, false),
                            })
                          : void change(addon.key, addon.name, true)
                    }
                  >
                    {on ? 'Disable' : 'Enable'}
                  </Button>
                )}
              </div>
              {waiting && (
                <ChargeConfirm
                  charge={waiting.charge}
                  busy={setAddon.isPending}
                  error={error}
                  onConfirm={() => void change(waiting.key, waiting.name, true, waiting.charge)}
                  onCancel={() => {
                    setPending(null);
                    setError(null);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
      {trial && summary.data?.trialEndsAt && (
        <p className="mt-2 text-sm text-slate-600">
          Add-ons are free during your trial (until {formatDate(summary.data.trialEndsAt)}): turn them on and off as you
          like. The ones on are on the plan you choose at checkout.
        </p>
      )}
      {error && !pending && <Alert tone="error">{error}</Alert>}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Card>
  );
}
