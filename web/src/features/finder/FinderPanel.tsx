import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { useState } from 'react';
import { FloatingBanner } from '../../components/Banner';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { answerOf, type FinderAnswer } from './answer';
import { CompanyCardView } from './CompanyCardView';
import { MatchLine } from './MatchLine';
import { companyKey, type SimilarCompany, useAddToList } from './useAddToList';

export const FINDER_MESSAGES = {
  failed: 'Failed to find similar companies. Please try again.',
  noneFirst: 'No similar companies found. Try a different company name.',
  needName: 'Please enter a client name first',
  exhaustedTitle: 'No More Similar Companies Found',
  exhaustedText: 'All companies that match well enough are already shown or in your list!',
} as const;

/** The server refuses more excluded names than this; the oldest shown are dropped from the request. */
const MAX_SHOWN = 500;

/**
 * The calculator's Company Finder (spec §2, §4 Company finder): pages of five companies similar to the client,
 * never one already shown or already in the broker's leads. Its state belongs to one client name: the page
 * remounts it (key) when the name changes or the calculator is reset.
 */
export function FinderPanel({ clientName, enabled }: { clientName: string; enabled: boolean }) {
  return (
    <section
      aria-labelledby="finder-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="finder-heading" className="text-lg font-semibold">
        Company Finder
      </h2>
      {enabled ? (
        <FinderBody clientName={clientName} />
      ) : (
        <div className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">Company Finder Not Available</p>
          <p className="mt-1 text-sm">{ACCESS_MESSAGES.companyFinderRequired}</p>
        </div>
      )}
    </section>
  );
}

function FinderBody({ clientName }: { clientName: string }) {
  const name = clientName.trim();
  const similar = trpc.finder.similar.useMutation();
  const adder = useAddToList('similar_results');
  const [companies, setCompanies] = useState<SimilarCompany[]>([]);
  const [total, setTotal] = useState(0);
  const [exhausted, setExhausted] = useState(false);
  const [noneFound, setNoneFound] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<FinderAnswer | null>(null);
  // The broker's pick among the choices; unset, the server ranks around its best match for the name.
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const busy = similar.isPending;

  /** The next page; with `pick`, a fresh first page ranked around that company instead. */
  async function find(pick?: string) {
    if (busy) return;
    setError(null);
    if (!name) {
      setError(FINDER_MESSAGES.needName);
      return;
    }
    const target = pick ?? picked;
    const before = pick === undefined ? companies : [];
    let res: Awaited<ReturnType<typeof similar.mutateAsync>>;
    try {
      res = await similar.mutateAsync({
        companyName: name,
        shown: before.map((c) => c.name).slice(-MAX_SHOWN),
        ...(target === undefined ? {} : { target }),
      });
    } catch (err) {
      setError(errorMessage(err, FINDER_MESSAGES.failed));
      return;
    }
    setAnswer(answerOf(res));
    if (pick !== undefined) {
      setPicked(pick);
      setExhausted(false);
    }
    const seen = new Set(before.map(companyKey));
    const fresh = res.companies.filter((c) => !seen.has(companyKey(c)));
    if (fresh.length === 0) {
      setCompanies(before);
      if (before.length === 0) setNoneFound(true);
      else setExhausted(true);
      return;
    }
    setNoneFound(false);
    const shown = before.length + fresh.length;
    setCompanies([...before, ...fresh]);
    // The server's total counts what is left, this page included: n of (shown before + total).
    setTotal(Math.max(shown, before.length + res.total));
  }

  const label = busy
    ? 'Finding Similar Companies...'
    : companies.length === 0
      ? `Find Similar Companies to ${name || clientName}`
      : 'Find More Similar Companies';

  // Above an empty panel; under the list once there is one, where the next page will appear.
  const findButton = !exhausted && (
    <Button onClick={() => void find()} disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
      {busy && (
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden />
      )}
      <span className="break-words">{label}</span>
    </Button>
  );

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-600">
        Companies like your client in industry, region and size, ready to add to My Leads.
      </p>
      {answer && (
        <MatchLine
          key={answer.match?.key ?? ''}
          clientName={name}
          answer={answer}
          busy={busy}
          onPick={(key) => void find(key)}
        />
      )}
      {companies.length === 0 && findButton}
      {companies.length === 0 && error && <Alert tone="error">{error}</Alert>}
      {noneFound && companies.length === 0 && <Alert tone="info">{FINDER_MESSAGES.noneFirst}</Alert>}
      {/* Add to List answers float at the bottom of the screen: the card may be far down a long list. */}
      <FloatingBanner notice={adder.message} onDismiss={adder.dismiss} />
      {companies.length > 0 && (
        <div>
          <h3 className="mb-3 font-semibold text-slate-800">
            Similar Companies (Showing {companies.length} of {total})
          </h3>
          <ul className="space-y-3">
            {companies.map((c) => (
              <CompanyCardView
                key={companyKey(c)}
                company={c}
                sicCode={c.sicCode}
                reasoning={c.reasoning}
                state={adder.stateOf(c)}
                onAdd={() => void adder.addCompany(c)}
              />
            ))}
          </ul>
        </div>
      )}
      {companies.length > 0 && findButton}
      {companies.length > 0 && error && <Alert tone="error">{error}</Alert>}
      {exhausted && (
        <div role="status" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-center">
          <p className="font-semibold text-slate-800">{FINDER_MESSAGES.exhaustedTitle}</p>
          <p className="mt-1 text-sm text-slate-600">{FINDER_MESSAGES.exhaustedText}</p>
        </div>
      )}
    </div>
  );
}
