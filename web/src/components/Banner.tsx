import { useEffect } from 'react';
import { CloseButton } from './ui';

export type NoticeTone = 'success' | 'info' | 'error';

export interface Notice {
  tone: NoticeTone;
  text: string;
  /** A new id for every notice, so the same text shown twice still restarts the timer. */
  id: number;
}

let nextId = 1;
export function notice(tone: NoticeTone, text: string): Notice {
  return { tone, text, id: nextId++ };
}

const STYLES: Record<NoticeTone, string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  error: 'border-red-200 bg-red-50 text-red-800',
};

/** Successes fade after 10 s (spec §9); errors stay until dismissed. */
const AUTO_DISMISS_MS = 10_000;

/** A dismissible inline banner: role=status for successes and information, role=alert for failures. */
export function Banner({ notice: n, onDismiss }: { notice: Notice | null; onDismiss(): void }) {
  useEffect(() => {
    if (!n || n.tone === 'error') return;
    const t = setTimeout(onDismiss, AUTO_DISMISS_MS);
    return () => clearTimeout(t);
  }, [n, onDismiss]);
  if (!n) return null;
  return (
    <div
      role={n.tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${STYLES[n.tone]}`}
    >
      <span className="min-w-0 break-words">{n.text}</span>
      <CloseButton
        label="Dismiss"
        onClick={onDismiss}
        className="-my-1 rounded px-1.5 text-lg opacity-70 hover:opacity-100"
      />
    </div>
  );
}

/** The banner floating at the bottom of the screen, for answers to actions far down a long list. */
export function FloatingBanner(props: { notice: Notice | null; onDismiss(): void }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div className="pointer-events-auto w-full max-w-md shadow-lg empty:hidden">
        <Banner {...props} />
      </div>
    </div>
  );
}
