import type { AppRouter } from '@pippitch/server';
import { LEAD_MESSAGES } from '@pippitch/shared/lead-messages';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useState } from 'react';
import { type Notice, notice } from '../../components/Banner';
import { trpc } from '../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type SimilarCompany = Outputs['finder']['similar']['companies'][number];
export type FoundCompany = Outputs['finder']['search']['companies'][number];

/** What a card needs to be added to the list (a similar company or a search result). */
export type AddableCompany = FoundCompany;

/** Where a card's 'Add to List' stands. */
export type AddState = 'idle' | 'adding' | 'added';

/** A card's identity within one result list: the company number when known, else the name. */
export function companyKey(c: { name: string; companyNumber?: string | undefined }): string {
  return c.companyNumber ? `#${c.companyNumber}` : c.name.toLowerCase();
}

/**
 * 'Add to List' for finder cards and search results: the lead is stored with the card's details; the card then
 * shows '✓ Added' (also when the server says it was already in the list).
 */
export function useAddToList(source: 'manual_search' | 'similar_results') {
  const utils = trpc.useUtils();
  const add = trpc.leads.add.useMutation();
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [message, setMessage] = useState<Notice | null>(null);

  const addCompany = useCallback(
    async (c: AddableCompany) => {
      const key = companyKey(c);
      setPending((s) => new Set(s).add(key));
      try {
        const res = await add.mutateAsync({
          name: c.name,
          source,
          companyNumber: c.companyNumber ?? null,
          industry: c.industry,
          sicCodes: c.sicCodes.slice(0, 20),
          estimatedSize: c.size,
          location: c.location,
          postcode: c.postcode ?? null,
        });
        setAdded((s) => new Set(s).add(key));
        setMessage(notice(res.status === 'added' ? 'success' : 'info', res.message));
        void utils.leads.list.invalidate();
      } catch (err) {
        console.warn('add to list failed', err);
        setMessage(notice('error', LEAD_MESSAGES.addFailed));
      } finally {
        setPending((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }
    },
    [add.mutateAsync, source, utils],
  );

  const reset = useCallback(() => {
    setAdded(new Set());
    setPending(new Set());
    setMessage(null);
  }, []);
  const dismiss = useCallback(() => setMessage(null), []);
  const stateOf = (c: AddableCompany): AddState => {
    const key = companyKey(c);
    return added.has(key) ? 'added' : pending.has(key) ? 'adding' : 'idle';
  };

  return { addCompany, added, stateOf, message, dismiss, reset };
}
