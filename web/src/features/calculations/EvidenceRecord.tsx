import { isCurrencyPair } from '@pippitch/shared/pairs';
import { evidenceLines, pitchSummary } from '@pippitch/shared/pitch-summary';
import { useState } from 'react';
import type { CalculationEntry } from '../../lib/calculations';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A calculation's substantiation record (issue 14 §1), as the server saved it, and 'Copy pitch summary': the text a
 * broker pastes into an e-mail (shared/src/evidence.ts, so the words match the report's).
 */
export function EvidenceRecord({ entry }: { entry: CalculationEntry }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  if (!isCurrencyPair(entry.pair)) return null;
  const pair = entry.pair;
  async function copySummary() {
    try {
      await navigator.clipboard.writeText(pitchSummary({ ...entry, pair }));
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, or permission refused): say so rather than pretend.
      setCopy('failed');
    }
  }
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <h5 className="text-[11px] font-medium uppercase tracking-wide text-slate-500">Record</h5>
      {entry.evidence ? (
        <ul className="mt-1 space-y-1 text-xs text-slate-700" aria-label="Record">
          {evidenceLines(pair, entry.evidence).map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-slate-600">Saved before records were kept: no mid or ECB rate on file.</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={copySummary}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
        >
          Copy pitch summary
        </button>
        <span role="status" className="text-xs text-slate-600">
          {copy === 'copied'
            ? 'Copied: paste it into your e-mail.'
            : copy === 'failed'
              ? 'Could not copy here: select the record above and copy it by hand.'
              : ''}
        </span>
      </div>
    </div>
  );
}
