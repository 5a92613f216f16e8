import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from then on (and at once in a page rendered
 * in the browser). Prerendered forms stay disabled until then: a choice or text entered into HTML that React has
 * not yet adopted would show on screen but not be in React's state, so what was sent would not be what was seen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
