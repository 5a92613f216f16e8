import { isSearchableTerm, SEARCH_MIN_LENGTH } from '@pippitch/shared/company-search';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Banner } from '../../components/Banner';
import { Alert, Button } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpcClient } from '../../lib/trpc';
import { CompanyCardView } from './CompanyCardView';
import { companyKey, type FoundCompany, useAddToList } from './useAddToList';

export const NO_COMPANIES_FOUND = 'No companies found. Try a different search term.';

/** Spec §9: five per page (the server's page size). */
const PAGE_SIZE = 5;

interface Results {
  term: string;
  companies: FoundCompany[];
  /** Where the next page starts in the server's order, as of the last page. */
  consumed: number;
  /** How many of the shown companies had been added to the list when the last page came. */
  addedAtFetch: number;
  /** Matches beyond those shown, as of the last page. */
  remaining: number;
}

/**
 * 'Find New Companies' (spec §2 My Leads, §5 Company search): pages of five from the company index, the broker's
 * leads left out; 'Add to List' stores one as a not-contacted lead from manual search.
 */
export function CompanySearch({ disabled = false }: { disabled?: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const adder = useAddToList('manual_search');
  // Answers to an older term (typed over while a page was loading) are dropped.
  const generation = useRef(0);
  const ready = isSearchableTerm(term);

  const addedAmong = (companies: FoundCompany[]) => companies.filter((c) => adder.added.has(companyKey(c))).length;

  async function fetchPage(forTerm: string, previous: Results | null) {
    const gen = ++generation.current;
    setBusy(true);
    setError(null);
    // Companies added since the last page are now leads, which the server leaves out: everything after them moves
    // up one place in its order.
    const shown = previous?.companies ?? [];
    const added = addedAmong(shown);
    const offset = previous ? Math.max(0, previous.consumed - (added - previous.addedAtFetch)) : 0;
    try {
      const res = await trpcClient.finder.search.query({ term: forTerm, offset });
      if (gen !== generation.current) return;
      const seen = new Set(shown.map(companyKey));
      const fresh = res.companies.filter((c) => !seen.has(companyKey(c)));
      const consumed = offset + Math.min(PAGE_SIZE, Math.max(0, res.total - offset));
      setResults({
        term: forTerm,
        companies: [...shown, ...fresh],
        consumed,
        addedAtFetch: added,
        remaining: Math.max(0, res.total - consumed),
      });
    } catch (err) {
      if (gen === generation.current) setError(errorMessage(err, 'Search failed. Please try again.'));
    } finally {
      if (gen === generation.current) setBusy(false);
    }
  }

  function search(e?: FormEvent) {
    e?.preventDefault();
    if (!ready || busy || disabled) return;
    setResults(null);
    void fetchPage(term.trim(), null);
  }

  function clear() {
    generation.current++;
    setTerm('');
    setResults(null);
    setBusy(false);
    setError(null);
    adder.dismiss();
  }

  const shown = results?.companies.length ?? 0;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold">Find New Companies</h2>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Search UK companies by name or company number (at least {SEARCH_MIN_LENGTH} characters).
      </p>
      <form onSubmit={search} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            Find New Companies
          </label>
          <input
            id={inputId}
            type="search"
            value={term}
            disabled={disabled}
            aria-describedby={hintId}
            autoComplete="off"
            placeholder="e.g. Tesco, bakery, 00445790"
            onChange={(e) => {
              setTerm(e.target.value);
              // A different term is a different search: what was found for the old one goes.
              if (results || error) {
                generation.current++;
                setResults(null);
                setBusy(false);
                setError(null);
              }
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={!ready || busy || disabled} className="flex-1 sm:flex-none">
            {busy && shown === 0 ? 'Searching...' : 'Search'}
          </Button>
          <Button
            variant="secondary"
            onClick={clear}
            disabled={disabled || (!term && !results)}
            className="flex-1 sm:flex-none"
          >
            Reset
          </Button>
        </div>
      </form>
      <div className="mt-4 space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        <Banner notice={adder.message} onDismiss={adder.dismiss} />
        {results && results.companies.length === 0 && (
          <p
            role="status"
            className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
          >
            {NO_COMPANIES_FOUND}
          </p>
        )}
        {results && shown > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">
              Results for ‘{results.term}’ (Showing {shown} of {shown + results.remaining})
            </h3>
            <ul className="space-y-2" aria-label="Search results">
              {results.companies.map((c) => (
                <CompanyCardView
                  key={companyKey(c)}
                  company={c}
                  state={adder.stateOf(c)}
                  onAdd={() => void adder.addCompany(c)}
                />
              ))}
            </ul>
            {results.remaining > 0 && (
              <Button
                variant="secondary"
                onClick={() => void fetchPage(results.term, results)}
                disabled={busy}
                className="mt-3 w-full sm:w-auto"
              >
                {busy ? 'Searching...' : 'Find More'}
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
