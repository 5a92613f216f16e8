import { ROLE_LABELS } from '@pippitch/shared/access';
import { useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Alert, Spinner } from '../../components/ui';
import { formatDate } from '../../lib/product';
import { errorMessage, trpc } from '../../lib/trpc';

export function MembersTable() {
  const utils = trpc.useUtils();
  const members = trpc.team.members.useQuery();
  const setActive = trpc.team.setActive.useMutation({ onSuccess: () => utils.team.members.invalidate() });
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  async function toggle(memberId: string, active: boolean) {
    setError(null);
    try {
      await setActive.mutateAsync({ memberId, active });
    } catch (err) {
      setError(errorMessage(err, 'Failed to update member'));
    }
  }

  if (members.isLoading) return <Spinner />;
  if (members.error) return <Alert tone="error">{members.error.message}</Alert>;
  return (
    <div className="space-y-3">
      {error && <Alert tone="error">{error}</Alert>}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">Name</th>
              <th className="hidden py-2 pr-3 md:table-cell">Email</th>
              <th className="py-2 pr-3">Role</th>
              <th className="py-2 pr-3">Status</th>
              <th className="hidden py-2 pr-3 sm:table-cell">Joined</th>
              <th className="py-2" />
            </tr>
          </thead>
          <tbody>
            {members.data?.map((m) => (
              <tr key={m.id} className="border-b border-slate-100 last:border-0">
                <td className="py-3 pr-3 font-medium">
                  {m.fullName}
                  {m.isYou && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                  <span className="block text-xs font-normal text-slate-500 md:hidden">{m.email}</span>
                </td>
                <td className="hidden py-3 pr-3 text-slate-600 md:table-cell">{m.email}</td>
                <td className="py-3 pr-3 capitalize">{ROLE_LABELS[m.role]}</td>
                <td className="py-3 pr-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${m.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
                  >
                    {m.isActive ? 'Active' : 'Inactive'}
                  </span>
                </td>
                <td className="hidden py-3 pr-3 text-slate-600 sm:table-cell">{formatDate(m.createdAt)}</td>
                <td className="py-3 pr-2 pl-3 text-right">
                  {m.canToggleActive && (
                    <button
                      type="button"
                      disabled={setActive.isPending}
                      onClick={() => {
                        if (!m.isActive) {
                          void toggle(m.id, true);
                          return;
                        }
                        // Deactivation ends the member's sessions at once: ask first.
                        setConfirm({
                          title: `Deactivate ${m.fullName}?`,
                          message: `${m.fullName} will be signed out at once and cannot sign in until an admin reactivates the account. Their calculations and leads are kept.`,
                          confirmLabel: 'Deactivate',
                          tone: 'danger',
                          run: () => toggle(m.id, false),
                        });
                      }}
                      className="whitespace-nowrap rounded-lg px-3 py-1.5 text-xs font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
                    >
                      {m.isActive ? 'Deactivate' : 'Reactivate'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
