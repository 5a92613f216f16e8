import { orderDeskPairs } from '@pippitch/shared/desk-pairs';
import { bandLabel, type MarginPolicy } from '@pippitch/shared/margin-policy';
import { type CurrencyPair, MARGIN_OPTIONS, marginLabel, pairLabel, SUPPORTED_PAIRS } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { MarginPolicyLog } from './MarginPolicyLog';

/** A band as typed: text until saved, so a half-typed number is not lost. */
interface BandText {
  from: string;
  to: string;
  floor: string;
}

type Draft = Partial<Record<CurrencyPair, BandText[]>>;

/**
 * The pairs the card lists (issue 34): the desk's pairs, and any other pair that still has a floor (a pair the desk
 * stopped quoting keeps its floor until an admin removes it), in the catalogue's order.
 */
function pairsOf(policy: MarginPolicy, desk: readonly CurrencyPair[]): CurrencyPair[] {
  return orderDeskPairs([...desk, ...Object.keys(policy.floors)]);
}

function draftOf(policy: MarginPolicy, pairs: readonly CurrencyPair[]): Draft {
  const draft: Draft = {};
  for (const pair of pairs) {
    draft[pair] = (policy.floors[pair] ?? []).map((b) => ({
      from: String(b.fromGbp),
      to: b.toGbp === null ? '' : String(b.toGbp),
      floor: String(b.floorBps),
    }));
  }
  return draft;
}

const number = (text: string) => Number(text.replace(/[£,\s]/g, ''));

/**
 * The desk's margin policy on the dashboard (issue 25 §1): per pair, floors in bps of the mid by ticket size in £
 * (blank 'to' = no upper end; one band from 0 = every size), and the 'Inflate Your Margin' options brokers may use.
 * Saving makes a new version: it applies to pitches made from then on, and the log keeps who changed what.
 */
export function MarginPolicyCard() {
  const utils = trpc.useUtils();
  const policy = trpc.margin.policy.useQuery();
  const desk = trpc.company.pairs.useQuery(undefined, { staleTime: 60_000 });
  const log = trpc.margin.policyLog.useQuery({ limit: 1 });
  const save = trpc.margin.updatePolicy.useMutation({
    onSuccess: () => Promise.all([utils.margin.policy.invalidate(), utils.margin.policyLog.invalidate()]),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [options, setOptions] = useState<number[] | null>(null);
  if (!policy.data) return null;
  const pairs = pairsOf(policy.data, desk.data ?? SUPPORTED_PAIRS);
  const bands = draft ?? draftOf(policy.data, pairs);
  const bandsOf = (pair: CurrencyPair) => bands[pair] ?? [];
  const allowed = options ?? policy.data.marginOptions;
  const last = log.data?.changes[0];

  const setBands = (pair: CurrencyPair, next: BandText[]) => setDraft({ ...bands, [pair]: next });
  function submit() {
    const floors = Object.fromEntries(
      pairs
        .filter((p) => bandsOf(p).length > 0)
        .map((p) => [
          p,
          bandsOf(p).map((b) => ({
            fromGbp: number(b.from || '0'),
            toGbp: b.to.trim() === '' ? null : number(b.to),
            floorBps: number(b.floor),
          })),
        ]),
    );
    save.mutate(
      { floors, marginOptions: allowed },
      {
        onSuccess: () => {
          setDraft(null);
          setOptions(null);
        },
      },
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Margin policy</h2>
      <p className="mt-1 text-sm text-slate-600">
        Floors in basis points of the mid, by ticket size in pounds. Pitches below a floor can be saved but need an
        admin's approval before an evidence pack, share link or PDF. Changes apply to new pitches only.
      </p>
      <div className="mt-4 space-y-4">
        {pairs.map((pair) => (
          <fieldset key={pair} className="rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">{pairLabel(pair)}</legend>
            {bandsOf(pair).length === 0 && <p className="text-xs text-slate-500">No floor.</p>}
            {bandsOf(pair).map((b, i) => {
              const update = (patch: Partial<BandText>) =>
                setBands(
                  pair,
                  bandsOf(pair).map((x, j) => (j === i ? { ...x, ...patch } : x)),
                );
              const name = `${pairLabel(pair)} band ${i + 1}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: bands have no identity until saved
                <div key={i} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid={`band-${pair}`}>
                  <BandInput label={`${name} from (£)`} value={b.from} onChange={(from) => update({ from })} />
                  <BandInput label={`${name} to (£, blank: no limit)`} value={b.to} onChange={(to) => update({ to })} />
                  <BandInput label={`${name} floor (bps)`} value={b.floor} onChange={(floor) => update({ floor })} />
                  <Button
                    variant="ghost"
                    className="self-end"
                    onClick={() =>
                      setBands(
                        pair,
                        bandsOf(pair).filter((_, j) => j !== i),
                      )
                    }
                  >
                    Remove
                  </Button>
                </div>
              );
            })}
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => {
                const prev = bandsOf(pair).at(-1);
                setBands(pair, [...bandsOf(pair), { from: prev?.to ?? '0', to: '', floor: prev?.floor ?? '' }]);
              }}
            >
              Add a band for {pairLabel(pair)}
            </Button>
          </fieldset>
        ))}
        <fieldset className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">Inflate Your Margin options brokers may use</legend>
          <div className="flex flex-wrap gap-3">
            {MARGIN_OPTIONS.map((pips) => (
              <label key={pips} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={allowed.includes(pips)}
                  onChange={(e) =>
                    setOptions(e.target.checked ? [...allowed, pips] : allowed.filter((o) => o !== pips))
                  }
                />
                {marginLabel(pips)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {save.error && (
        <div className="mt-3">
          <Alert tone="error">{errorMessage(save.error, 'The policy was not saved')}</Alert>
        </div>
      )}
      {save.isSuccess && !draft && (
        <div className="mt-3">
          <Alert tone="success">Margin policy saved. It applies to pitches made from now on.</Alert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={submit} disabled={save.isPending}>
          Save margin policy
        </Button>
        {last && (
          <p className="text-xs text-slate-600" data-testid="policy-last-change">
            Last changed by {last.changedBy}, {formatLondonDateTime(new Date(last.changedAt))}
          </p>
        )}
      </div>
      {policySummary(policy.data, pairs)}
      <MarginPolicyLog />
    </Card>
  );
}

function policySummary(policy: MarginPolicy, pairs: readonly CurrencyPair[]) {
  const lines = pairs.flatMap((pair) =>
    (policy.floors[pair] ?? []).map((b) => `${pairLabel(pair)} ${bandLabel(b) || 'all sizes'}: ${b.floorBps} bps`),
  );
  if (lines.length === 0) return null;
  return (
    <ul className="mt-3 list-disc pl-5 text-xs text-slate-600" aria-label="Floors in force">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

function BandInput({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label className="block text-xs text-slate-700">
      <span className="sr-only sm:not-sr-only">{label.replace(/^.* band \d+ /, '')}</span>
      <input
        aria-label={label}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
      />
    </label>
  );
}
