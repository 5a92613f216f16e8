import type { InvitationStatus } from '@pippitch/shared/invitations';
import type { SeatRole } from '@pippitch/shared/seats';
import { useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Alert, Spinner } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { formatDate } from '../../lib/product';
import { trpc } from '../../lib/trpc';

export interface HistoryRow {
  id: string;
  email: string;
  role: SeatRole;
  status: InvitationStatus;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
}

// Spec §2: accepted green, expired red, pending yellow; revoked (beyond the spec) grey.
const BADGE: Record<InvitationStatus, string> = {
  accepted: 'bg-green-100 text-green-800',
  expired: 'bg-red-100 text-red-800',
  pending: 'bg-yellow-100 text-yellow-800',
  revoked: 'bg-slate-200 text-slate-700',
};

const ROLE: Record<SeatRole, string> = { admin: 'Admin', broker: 'Broker' };

/** The invitations the company sent, newest first, with Resend and Revoke while one is pending or lapsed. */
export function InvitationHistory({
  invitations,
  loading,
}: {
  invitations: HistoryRow[] | undefined;
  loading: boolean;
}) {
  const utils = trpc.useUtils();
  const done = { onSettled: () => utils.invitations.overview.invalidate() };
  const resend = trpc.invitations.resend.useMutation(done);
  const revoke = trpc.invitations.revoke.useMutation(done);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const busy = resend.isPending || revoke.isPending;

  async function run(action: () => Promise<{ message: string }>, fallback: string) {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await action()).message });
    } catch (err) {
      setNotice({ tone: 'error', text: failureMessage(err, fallback) });
    }
  }

  if (loading) return <Spinner />;
  if (!invitations || invitations.length === 0)
    return <p className="text-sm text-slate-600">No invitations sent yet</p>;
  return (
    <div className="space-y-3">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <div className="hidden grid-cols-[minmax(0,1fr)_6rem_6rem_10rem_11rem] gap-3 border-b border-slate-200 pb-2 text-xs font-semibold uppercase text-slate-500 sm:grid">
        <span>Email</span>
        <span>Role</span>
        <span>Status</span>
        <span>Created</span>
        <span className="sr-only">Actions</span>
      </div>
      <ul aria-label="Invitation history" className="divide-y divide-slate-100">
        {invitations.map((i) => {
          const open = i.status === 'pending' || i.status === 'expired';
          return (
            <li
              key={i.id}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_6rem_6rem_10rem_11rem]"
            >
              <span className="col-span-2 font-medium break-words sm:col-span-1">{i.email}</span>
              <span className="flex flex-wrap items-center gap-2 sm:contents">
                <span>{ROLE[i.role]}</span>
                <span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${BADGE[i.status]}`}>
                    {i.status}
                  </span>
                </span>
                <span className="text-slate-600">{formatDate(i.createdAt)}</span>
              </span>
              <span className="flex justify-end gap-2">
                {open && (
                  <>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Resend invitation to ${i.email}`}
                      onClick={() =>
                        void run(() => resend.mutateAsync({ invitationId: i.id }), 'Failed to resend invitation')
                      }
                      className="whitespace-nowrap rounded-lg px-3 py-1.5 text-xs font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400"
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Revoke invitation to ${i.email}`}
                      onClick={() =>
                        setConfirm({
                          title: `Revoke the invitation to ${i.email}?`,
                          message: 'The link in the e-mail stops working at once and the seat it holds is freed.',
                          confirmLabel: 'Revoke',
                          tone: 'danger',
                          run: () =>
                            run(() => revoke.mutateAsync({ invitationId: i.id }), 'Failed to revoke invitation'),
                        })
                      }
                      className="whitespace-nowrap rounded-lg px-3 py-1.5 text-xs font-semibold text-red-700 ring-1 ring-slate-300 hover:bg-red-50 disabled:text-slate-400"
                    >
                      Revoke
                    </button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
