import { useId, useState } from 'react';
import { Button } from '../../components/ui';
import type { FinderAnswer, FinderMatch } from './answer';

/** 'SIC 28.92 · West Midlands · 1,000–4,999 staff': the facts the ranking compares the client's peers on. */
export function matchFacts(m: FinderMatch): string[] {
  return [m.sic ? `SIC ${m.sic.code}` : null, m.region, m.size].filter((f): f is string => Boolean(f));
}

/**
 * Which company the client's name was matched to ('Similar to J.C. BAMFORD EXCAVATORS LIMITED · SIC 28.92 · …'),
 * and, when the name may mean several, a labelled select to rank around another of them instead.
 */
export function MatchLine({
  clientName,
  answer,
  busy,
  onPick,
}: {
  clientName: string;
  answer: FinderAnswer;
  busy: boolean;
  onPick(key: string): void;
}) {
  const selectId = useId();
  const { match, choices, basis } = answer;
  const [selected, setSelected] = useState(match?.key ?? '');
  const guessed = basis?.how === 'name-words' && basis.sic;

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      {match ? (
        <p className="break-words" data-testid="finder-match">
          Similar to <strong className="font-semibold text-slate-900">{match.name}</strong>
          {matchFacts(match).map((fact) => (
            <span key={fact} title={fact.startsWith('SIC') ? (match.sic?.name ?? undefined) : undefined}>
              {' · '}
              {fact}
            </span>
          ))}
        </p>
      ) : (
        <p className="break-words" data-testid="finder-match">
          No company called ‘{clientName}’ was found.
        </p>
      )}
      {guessed && basis.sic && (
        <p className="break-words text-slate-600">
          Industry guessed from the name: SIC {basis.sic.code}
          {basis.sic.name ? ` (${basis.sic.name})` : ''}.
        </p>
      )}
      {match && choices.length > 1 && (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (selected && selected !== match.key) onPick(selected);
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
              Not the right company? Match ‘{clientName}’ to
            </label>
            <select
              id={selectId}
              value={selected}
              disabled={busy}
              onChange={(e) => setSelected(e.target.value)}
              className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
            >
              {choices.map((c) => (
                <option key={c.key} value={c.key}>
                  {[c.name, ...matchFacts(c)].join(' · ')}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={busy || selected === match.key} className="shrink-0">
            Use this company
          </Button>
        </form>
      )}
    </div>
  );
}
