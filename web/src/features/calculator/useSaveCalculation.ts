import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { useCallback, useRef, useState } from 'react';
import { errorMessage, isRetryable } from '../../lib/failure';
import { trpcClient } from '../../lib/trpc';

const RETRY_DELAYS_MS = [1_000, 3_000];

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; lead: { message: string } | null }
  | { status: 'failed'; message: string };

/**
 * Saves a Calculate in the background, after the result is already on screen. Retries twice; if it still
 * fails it says so quietly and the result stays. The id travels with every try, so retries and repeated
 * Calculates of the same inputs are stored once.
 */
export function useSaveCalculation(onSaved?: () => void) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const latest = useRef<string | null>(null);

  const save = useCallback(
    async (input: SaveCalculationInput) => {
      latest.current = input.id;
      setState({ status: 'saving' });
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await trpcClient.calculator.save.mutate(input);
          if (latest.current === input.id) setState({ status: 'saved', lead: res.lead });
          onSaved?.();
          return;
        } catch (err) {
          const delay = RETRY_DELAYS_MS[attempt];
          if (!isRetryable(err) || delay === undefined) {
            console.warn('calculation not saved', err);
            if (latest.current === input.id) {
              setState({
                status: 'failed',
                message: `This calculation could not be saved to your history (${errorMessage(err)}).`,
              });
            }
            return;
          }
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    },
    [onSaved],
  );

  const reset = useCallback(() => {
    latest.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, save, reset };
}

/**
 * The id a Calculate is saved under: one per revision of the form (lib/calculator-core.ts), so a Calculate repeated
 * without a change is stored once and any change makes a new pitch. Kept beside the save: the landing demo, which
 * saves nothing, makes none.
 */
export function useCalculationId(revision: number): string {
  const [held, setHeld] = useState(() => ({ revision, id: crypto.randomUUID() }));
  if (held.revision === revision) return held.id;
  // A new revision: a new id at once, in this render (React's pattern for state that follows a prop).
  const next = { revision, id: crypto.randomUUID() };
  setHeld(next);
  return next.id;
}
