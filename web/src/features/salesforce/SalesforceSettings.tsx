import type { AppRouter } from '@pippitch/server';
import { EXPORT_LOG_CSV_PATH, EXPORT_STATUS_LABELS, SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import { formatIsoDate, formatLondonDateTime } from '@pippitch/shared/time';
import { getRouteApi } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { AdminPage } from '../../components/AdminPage';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

const route = getRouteApi('/_app/admin');

const HOW_IT_WORKS = [
  'Connect once with a Salesforce user who may post to Chatter; PipPitch never sees their password.',
  'Exports post your team’s activity — each broker’s calculations, clients pitched and savings pitched — to that user’s Chatter feed.',
  'Export now from the dashboard or a member’s activity page, or set a weekly or monthly schedule on the dashboard.',
  'Every export is also kept in the export log below, which you can download as CSV — and which holds them all while Salesforce is not connected.',
  'Disconnect at any time: PipPitch deletes its tokens and revokes them at Salesforce.',
];

/** /admin/salesforce-settings (spec §2 Salesforce): the connection, Test Export, how it works, the export log. */
export function SalesforceSettings() {
  const { session } = route.useRouteContext();
  const utils = trpc.useUtils();
  const status = trpc.salesforce.status.useQuery();
  const exports = useExportLog();
  const refresh = () => Promise.all([utils.salesforce.status.invalidate(), utils.salesforce.exports.invalidate()]);
  const connect = trpc.salesforce.connect.useMutation();
  const disconnect = trpc.salesforce.disconnect.useMutation({ onSettled: refresh });
  const test = trpc.salesforce.testExport.useMutation({ onSettled: refresh });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const s = status.data;

  async function startConnect() {
    setMessage(null);
    try {
      const { url } = await connect.mutateAsync();
      window.location.assign(url);
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err, SALESFORCE_MESSAGES.connectFailed) });
    }
  }
  async function runTest() {
    setMessage(null);
    try {
      const res = await test.mutateAsync();
      setMessage({ tone: 'success', text: res.message });
    } catch (err) {
      setMessage({ tone: 'error', text: errorMessage(err, SALESFORCE_MESSAGES.testFailed) });
    }
  }
  async function stop() {
    setMessage(null);
    try {
      await disconnect.mutateAsync();
    } catch {
      setMessage({ tone: 'error', text: SALESFORCE_MESSAGES.disconnectFailed });
    }
  }

  return (
    <AdminPage
      session={session}
      title="Salesforce Integration"
      intro="Send your team's activity to Salesforce Chatter, now or on a schedule."
    >
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Card>
        <h2 className="text-lg font-semibold">Connection</h2>
        {status.isPending && <Spinner />}
        {status.error && <Alert tone="error">{status.error.message}</Alert>}
        {s && (
          <div className="mt-3 space-y-4">
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">Status</dt>
                <dd className="font-semibold">
                  {s.broken ? (
                    <span className="text-red-700">Needs reconnecting</span>
                  ) : s.connected ? (
                    <span className="text-green-700">Connected</span>
                  ) : (
                    <span className="text-slate-700">Not connected</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Salesforce user</dt>
                <dd className="break-all font-medium">{s.username ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Last synced</dt>
                <dd className="font-medium">{s.lastSync ? formatLondonDateTime(new Date(s.lastSync)) : 'Never'}</dd>
              </div>
            </dl>
            {s.broken && <Alert tone="warning">{SALESFORCE_MESSAGES.broken}</Alert>}
            {!s.configured && <Alert tone="info">{SALESFORCE_MESSAGES.notConfigured}</Alert>}
            <div className="flex flex-wrap gap-2">
              {s.configured && (!s.connected || s.broken) && (
                <Button onClick={startConnect} disabled={connect.isPending}>
                  {connect.isPending ? 'Connecting...' : s.broken ? 'Reconnect to Salesforce' : 'Connect to Salesforce'}
                </Button>
              )}
              {s.connected && !s.broken && (
                <Button onClick={runTest} disabled={test.isPending}>
                  {test.isPending ? 'Testing...' : 'Test Export'}
                </Button>
              )}
              {s.connected && (
                <Button variant="secondary" onClick={stop} disabled={disconnect.isPending}>
                  {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
                </Button>
              )}
            </div>
          </div>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">How it works</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          {HOW_IT_WORKS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Export log</h2>
          <a
            href={EXPORT_LOG_CSV_PATH}
            download
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Download CSV
          </a>
        </div>
        <ExportLog entries={exports.data} loading={exports.isPending} />
      </Card>
    </AdminPage>
  );
}

/** The export log, asked again every few seconds while an export is in progress (jobs finish in the worker). */
export function useExportLog() {
  return trpc.salesforce.exports.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? 2000 : false),
  });
}

type Entries = inferRouterOutputs<AppRouter>['salesforce']['exports'] | undefined;

const TRIGGERS = { manual: 'Export now', scheduled: 'Schedule', test: 'Test' } as const;

function outcomeClass(status: string): string {
  return status === 'failed'
    ? 'font-medium text-red-700'
    : status === 'sent'
      ? 'font-medium text-green-700'
      : 'text-slate-700';
}

const periodOf = (e: { periodStart: string; periodEnd: string }) =>
  e.periodStart === e.periodEnd
    ? formatIsoDate(e.periodStart)
    : `${formatIsoDate(e.periodStart)} – ${formatIsoDate(e.periodEnd)}`;

/** The export log: a table on the settings page, a short list (`compact`) on the dashboard's card. */
export function ExportLog({
  entries,
  loading,
  limit,
  compact = false,
}: {
  entries: Entries;
  loading: boolean;
  limit?: number;
  compact?: boolean;
}) {
  if (loading) return <Spinner />;
  if (!entries || entries.length === 0) return <p className="mt-3 text-sm text-slate-600">No exports yet</p>;
  if (compact) {
    return (
      <ul aria-label="Recent exports" className="mt-2 divide-y divide-slate-100 text-sm">
        {entries.slice(0, limit).map((e) => (
          <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <span>
              {formatLondonDateTime(new Date(e.createdAt))} · {TRIGGERS[e.trigger]}
              <span className="block text-xs text-slate-500">
                {periodOf(e)} · {e.members} member{e.members === 1 ? '' : 's'}
              </span>
            </span>
            <span className={outcomeClass(e.status)}>{EXPORT_STATUS_LABELS[e.status]}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 pr-3 font-medium">When (London)</th>
            <th className="py-2 pr-3 font-medium">Kind</th>
            <th className="py-2 pr-3 font-medium">Period</th>
            <th className="py-2 pr-3 font-medium">Members</th>
            <th className="py-2 font-medium">Outcome</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.slice(0, limit).map((e) => (
            <tr key={e.id}>
              <td className="py-2 pr-3 whitespace-nowrap">{formatLondonDateTime(new Date(e.createdAt))}</td>
              <td className="py-2 pr-3">{TRIGGERS[e.trigger]}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{periodOf(e)}</td>
              <td className="py-2 pr-3">{e.members}</td>
              <td className="py-2">
                <span className={outcomeClass(e.status)}>{EXPORT_STATUS_LABELS[e.status]}</span>
                {e.error && <span className="block text-xs text-slate-500">{e.error}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
