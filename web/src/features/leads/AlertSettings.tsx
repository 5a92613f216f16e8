import { parseThreshold } from '@pippitch/shared/alerts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonClass } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The broker's re-pricing alerts (issue 14 §4): each morning their leads are re-priced on the day's market; a lead
 * whose saving moved by more than the threshold is flagged here and in a morning digest e-mail.
 */
export function AlertSettings() {
  const id = useId();
  const utils = trpc.useUtils();
  const settings = trpc.alerts.settings.useQuery();
  const save = trpc.alerts.setSettings.useMutation({ onSuccess: (s) => utils.alerts.settings.setData(undefined, s) });
  const [threshold, setThreshold] = useState('');
  const [digest, setDigest] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      setThreshold(String(settings.data.thresholdPct));
      setDigest(settings.data.digest);
    }
  }, [settings.data]);
  if (!settings.data) return null;
  const changed = threshold !== String(settings.data.thresholdPct) || digest !== settings.data.digest;
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseThreshold(threshold);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem(null);
    save.mutate({ thresholdPct: parsed.value, digest });
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Re-pricing alerts"
      className="flex flex-wrap items-end gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm"
    >
      <p className="w-full text-slate-600 sm:w-auto sm:flex-1">
        Each morning your leads are re-priced on the day's market with your last calculation's figures.
      </p>
      <label htmlFor={`${id}-t`} className="flex items-center gap-2 text-slate-700">
        Flag when the saving moves by more than
        <input
          id={`${id}-t`}
          inputMode="decimal"
          value={threshold}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            // Kept as typed: a '.' or '-' is not dropped (which turned '2.5' into 25); Save says what is wrong.
            setThreshold(e.target.value.slice(0, 8));
            setProblem(null);
          }}
          className="w-14 rounded-lg border border-slate-300 px-2 py-1 text-right"
        />
        %
      </label>
      <label className="flex items-center gap-2 text-slate-700">
        <input
          type="checkbox"
          checked={digest}
          onChange={(e) => setDigest(e.target.checked)}
          className="h-4 w-4 accent-brand-700"
        />
        Morning digest e-mail
      </label>
      <button type="submit" disabled={!changed || save.isPending} className={buttonClass('primary', 'sm')}>
        Save
      </button>
      <span role="status" className="w-full text-xs">
        {problem ? (
          <span className="text-red-700">{problem}</span>
        ) : save.isError ? (
          <span className="text-red-700">{errorMessage(save.error)}</span>
        ) : save.isSuccess && !changed ? (
          <span className="text-green-800">Saved.</span>
        ) : null}
      </span>
    </form>
  );
}
