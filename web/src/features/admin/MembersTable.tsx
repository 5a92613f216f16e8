import { ROLE_LABELS, type RoleType } from '@pippitch/shared/access';
import { type MemberAction, mayActOn } from '@pippitch/shared/roles';
import { TEAM_MESSAGES } from '@pippitch/shared/team-messages';
import { useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Email } from '../../components/Email';
import { Alert, Spinner } from '../../components/ui';
import { failureMessage } from '../../lib/failure';
import { formatDate } from '../../lib/product';
import { trpc } from '../../lib/trpc';

type Notice = { tone: 'success' | 'error'; text: string };

interface Member {
  id: string;
  fullName: string;
  email: string;
  role: RoleType;
  isActive: boolean;
  createdAt: string;
  isYou: boolean;
}

/**
 * The company's members with what an admin may do to each (spec §2 Account management, §6): Broker ⇄ Admin,
 * deactivate and reactivate, send a password reset e-mail, delete permanently. Every action asks first and
 * says what happened. Buttons the server would refuse (oneself, the owner; shared/src/roles.ts) are not shown.
 */
export function MembersTable() {
  const utils = trpc.useUtils();
  const members = trpc.team.members.useQuery();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  // Seat counts on the dashboard, account and seats pages change with every member action.
  const refresh = () =>
    Promise.all([utils.team.members.invalidate(), utils.company.summary.invalidate(), utils.seats.invalidate()]);
  const setRole = trpc.team.setRole.useMutation({ onSettled: refresh });
  const setActive = trpc.team.setActive.useMutation({ onSettled: refresh });
  const remove = trpc.team.remove.useMutation({ onSettled: refresh });
  const sendReset = trpc.team.sendPasswordReset.useMutation();

  /** Runs an action and reports it: its success text, or why it failed. */
  async function report(action: () => Promise<string>, fallback: string) {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
    } catch (err) {
      setNotice({ tone: 'error', text: failureMessage(err, fallback) });
    }
  }

  if (members.isLoading) return <Spinner />;
  if (members.error) return <Alert tone="error">{members.error.message}</Alert>;
  const list = members.data ?? [];
  const you = list.find((m) => m.isYou);
  const may = (m: Member, action: MemberAction) => you !== undefined && mayActOn(you, m, action);
  // Delete is offered only when the company has more than one member (spec §6).
  const canDelete = (m: Member) => list.length > 1 && may(m, 'remove');

  function askRole(m: Member) {
    const to = m.role === 'broker' ? 'admin' : 'broker';
    const label = to === 'admin' ? 'Make Admin' : 'Make Broker';
    setConfirm({
      title: `Make ${m.fullName} ${to === 'admin' ? 'an admin' : 'a broker'}?`,
      message:
        to === 'admin'
          ? `${m.fullName} will be able to open the dashboard, invite members and manage the team. It takes effect on their next page.`
          : `${m.fullName} will lose admin access on their next page and keep the calculator and their leads.`,
      confirmLabel: label,
      run: () =>
        report(async () => {
          await setRole.mutateAsync({ memberId: m.id, role: to });
          return `${m.fullName} is now ${to === 'admin' ? 'an admin' : 'a broker'}.`;
        }, TEAM_MESSAGES.updateRoleFailed),
    });
  }

  function askActive(m: Member) {
    const active = !m.isActive;
    setConfirm({
      title: `${active ? 'Reactivate' : 'Deactivate'} ${m.fullName}?`,
      message: active
        ? `${m.fullName} will be able to sign in again and will take up a ${m.role === 'broker' ? 'broker' : 'admin'} seat.`
        : `${m.fullName} will be signed out at once and cannot sign in until an admin reactivates the account. Their calculations and leads are kept.`,
      confirmLabel: active ? 'Reactivate' : 'Deactivate',
      tone: active ? 'primary' : 'danger',
      run: () =>
        report(async () => {
          await setActive.mutateAsync({ memberId: m.id, active });
          return active ? `${m.fullName} has been reactivated.` : `${m.fullName} has been deactivated and signed out.`;
        }, TEAM_MESSAGES.updateStatusFailed),
    });
  }

  function askReset(m: Member) {
    setConfirm({
      title: `Send ${m.fullName} a password reset email?`,
      message: `${m.email} will receive a link to choose a new password. The link works once, for 60 minutes.`,
      confirmLabel: 'Send Email',
      run: () =>
        report(async () => {
          const { email, emailed } = await sendReset.mutateAsync({ memberId: m.id });
          return emailed ? `Password reset email sent to ${email}.` : TEAM_MESSAGES.resetNotEmailed;
        }, TEAM_MESSAGES.sendResetFailed),
    });
  }

  function askDelete(m: Member) {
    setConfirm({
      title: `Delete ${m.fullName}?`,
      message: `${m.fullName} (${m.email}) will be deleted permanently, with their calculations, leads and activity log. This cannot be undone.`,
      confirmLabel: 'Delete Permanently',
      tone: 'danger',
      run: () =>
        report(async () => {
          await remove.mutateAsync({ memberId: m.id });
          return `${m.fullName} has been deleted, with their calculations, leads and activity log.`;
        }, TEAM_MESSAGES.removeMemberFailed),
    });
  }

  return (
    <div className="space-y-3">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">Name</th>
              <th className="hidden py-2 pr-3 lg:table-cell">Email</th>
              <th className="hidden py-2 pr-3 sm:table-cell">Role</th>
              <th className="hidden py-2 pr-3 sm:table-cell">Status</th>
              <th className="hidden py-2 pr-3 xl:table-cell">Joined</th>
              <th className="py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => {
              const actions = [
                may(m, 'change_role') && (
                  <ActionButton key="role" onClick={() => askRole(m)}>
                    {m.role === 'broker' ? 'Make Admin' : 'Make Broker'}
                  </ActionButton>
                ),
                m.canToggleActive && (
                  <ActionButton key="active" onClick={() => askActive(m)}>
                    {m.isActive ? 'Deactivate' : 'Reactivate'}
                  </ActionButton>
                ),
                m.isActive && may(m, 'send_reset') && (
                  <ActionButton key="reset" onClick={() => askReset(m)}>
                    Reset Password
                  </ActionButton>
                ),
                canDelete(m) && (
                  <ActionButton key="delete" tone="danger" onClick={() => askDelete(m)}>
                    Delete
                  </ActionButton>
                ),
              ].filter(Boolean);
              return (
                <tr key={m.id} className="border-b border-slate-100 align-top last:border-0">
                  <td className="py-3 pr-3">
                    <span className="font-medium">{m.fullName}</span>
                    {m.isYou && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                    <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] lg:hidden">
                      <Email address={m.email} />
                    </span>
                    {/* Under 640 px role and status share this line (one text, so the Status column's badge stays the only 'Active'). */}
                    <span
                      className={`block text-xs capitalize sm:hidden ${m.isActive ? 'text-slate-700' : 'text-slate-500'}`}
                    >
                      {`${ROLE_LABELS[m.role]} · ${m.isActive ? 'active' : 'inactive'}`}
                    </span>
                  </td>
                  <td className="hidden py-3 pr-3 text-slate-600 lg:table-cell">
                    <Email address={m.email} />
                  </td>
                  <td className="hidden py-3 pr-3 capitalize sm:table-cell">{ROLE_LABELS[m.role]}</td>
                  <td className="hidden py-3 pr-3 sm:table-cell">
                    <StatusBadge active={m.isActive} />
                  </td>
                  <td className="hidden whitespace-nowrap py-3 pr-3 text-slate-600 xl:table-cell">
                    {formatDate(m.createdAt)}
                  </td>
                  <td className="py-3 pr-1 pl-2">
                    <div className="flex flex-col items-stretch gap-1.5 sm:flex-row sm:flex-wrap sm:justify-end">
                      {actions}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

function ActionButton({
  children,
  onClick,
  tone = 'default',
}: {
  children: string;
  onClick(): void;
  tone?: 'default' | 'danger';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`whitespace-nowrap rounded-lg px-3 py-1.5 text-xs font-semibold ring-1 hover:bg-slate-50 ${tone === 'danger' ? 'text-red-700 ring-red-200 hover:bg-red-50' : 'text-brand-700 ring-slate-300'}`}
    >
      {children}
    </button>
  );
}
