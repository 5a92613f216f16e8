import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui';

/** How long the dashboard's success banner stays (design.md §3 Banners: 10 s). */
export const SUCCESS_BANNER_MS = 10_000;

export const SUCCESS_TEXTS = {
  seats: 'Your seats have been updated successfully.',
  checkout: 'Payment successful! Your subscription is now active.',
} as const;

/**
 * The banner after a seat update (?seats_updated=1) or a checkout (?checkout=success): shown for 10 s, then
 * hidden. The query parameter is removed at once (`onSeen`), so a reload or a shared link does not show it again.
 */
export function SuccessBanner({ kind, onSeen }: { kind: keyof typeof SUCCESS_TEXTS | null; onSeen(): void }) {
  const [shown, setShown] = useState(kind);
  // Taken from the address once; removing the parameter (kind becomes null) must not cut the 10 s short.
  useEffect(() => {
    if (!kind) return;
    setShown(kind);
    onSeen();
  }, [kind, onSeen]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return <Alert tone="success">{SUCCESS_TEXTS[shown]}</Alert>;
}
