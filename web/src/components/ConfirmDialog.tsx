import { type ReactNode, useState } from 'react';
import { Modal } from './Modal';
import { Button } from './ui';

export interface ConfirmRequest {
  title: string;
  /** A sentence, or a short list (the seats page names every member it will remove). */
  message: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Runs on confirm; the dialog stays open (busy) until it settles, then closes. */
  run(): Promise<void>;
}

/** A yes/no question before a bulk or destructive action (role=alertdialog). */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }) {
  const [busy, setBusy] = useState(false);
  if (!request) return null;
  async function confirm() {
    if (!request || busy) return;
    setBusy(true);
    try {
      await request.run();
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={request.title}
      description={request.message}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={request.tone ?? 'primary'} onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? 'Working...' : request.confirmLabel}
          </Button>
        </>
      }
    />
  );
}
