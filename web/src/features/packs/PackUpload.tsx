import { formatGBP } from '@pippitch/shared/format';
import { DEFAULT_PACK_MARGIN_BPS, PACK_LIMITS, PACK_MARGIN_OPTIONS, PACK_MESSAGES } from '@pippitch/shared/pack';
import { formatIsoDate } from '@pippitch/shared/time';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Spinner } from '../../components/ui';
import { errorMessage, isMarginRefusal } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { AskApproval } from '../margin/AskApproval';
import { PackFrame } from './PackFrame';

const appRoute = getRouteApi('/_app');

/**
 * A new evidence pack on one of the broker's leads (issue 14 §3): paste the prospect's trades or load a CSV (3 to
 * 500 rows, 1 MB), choose our margin, and the server prices every trade at its minute. The lead's earlier packs are
 * listed below.
 */
export function PackUpload({ leadId }: { leadId: string }) {
  const { session } = appRoute.useRouteContext();
  const navigate = useNavigate();
  const id = useId();
  const leads = trpc.leads.list.useQuery(undefined, { enabled: session.company.companyFinderEnabled });
  const packs = trpc.packs.forLead.useQuery({ leadId }, { enabled: session.company.companyFinderEnabled });
  const create = trpc.packs.create.useMutation({
    onSuccess: (pack) => navigate({ to: '/packs/$packId', params: { packId: pack.id } }),
  });
  const [csv, setCsv] = useState('');
  const [margin, setMargin] = useState<number>(DEFAULT_PACK_MARGIN_BPS);
  const [fileError, setFileError] = useState<string | null>(null);
  const lead = leads.data?.leads.find((l) => l.id === leadId);

  async function loadFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (file.size > PACK_LIMITS.maxBytes) {
      setFileError(PACK_MESSAGES.tooLarge);
      return;
    }
    setCsv(await file.text());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ leadId, csv, marginBps: margin });
  }

  let body: React.ReactNode;
  if (!session.company.companyFinderEnabled) {
    body = (
      <Alert tone="info">Evidence packs are built on your leads, which come with the Company Finder add-on.</Alert>
    );
  } else if (leads.isPending) body = <Spinner label="Loading the lead..." />;
  else if (!lead) body = <Alert tone="error">{PACK_MESSAGES.leadNotFound}</Alert>;
  else
    body = (
      <>
        <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-sm text-slate-700">
            Paste the prospect's trades or load a CSV file: {PACK_LIMITS.minTrades} to {PACK_LIMITS.maxRows} trades, up
            to 1 MB. Each row is a trade: the London date and time, the pair, whether they bought or sold the base
            currency, the amount in the base currency and the rate they got.{' '}
            <a href="/api/packs/template.csv" download className="font-semibold text-brand-700 hover:underline">
              Download the CSV template
            </a>
          </p>
          <div>
            <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-slate-700">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void loadFile(e.target.files?.[0])}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
            />
            {fileError && <p className="mt-1 text-xs text-red-700">{fileError}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-csv`} className="mb-1 block text-sm font-medium text-slate-700">
              Trades (CSV)
            </label>
            <textarea
              id={`${id}-csv`}
              value={csv}
              onChange={(e) => setCsv(e.target.value)}
              rows={10}
              spellCheck={false}
              placeholder={'date,time,pair,direction,amount,rate\n2025-10-29,14:05,GBPUSD,sell,250000,1.3120'}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <div>
            <label htmlFor={`${id}-margin`} className="mb-1 block text-sm font-medium text-slate-700">
              Our margin (bps of the mid)
            </label>
            <select
              id={`${id}-margin`}
              value={margin}
              onChange={(e) => setMargin(Number(e.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {PACK_MARGIN_OPTIONS.map((bps) => (
                <option key={bps} value={bps}>
                  {bps} bps
                </option>
              ))}
            </select>
          </div>
          {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
          <Button type="submit" disabled={create.isPending || csv.trim() === ''}>
            {create.isPending ? 'Pricing trades...' : 'Price trades'}
          </Button>
        </form>
        {isMarginRefusal(create.error) && (
          <div className="mt-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
            <AskApproval key={`${margin}|${csv.length}`} target={{ leadId, csv, marginBps: margin }} />
          </div>
        )}
        {packs.data && packs.data.length > 0 && (
          <section className="mt-6" aria-labelledby={`${id}-earlier`}>
            <h2 id={`${id}-earlier`} className="mb-2 text-sm font-semibold text-slate-800">
              Earlier packs for {lead.name}
            </h2>
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {packs.data.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
                  <Link to="/packs/$packId" params={{ packId: p.id }} className="font-semibold text-brand-700">
                    {p.totals.trades} trades, {formatIsoDate(p.totals.from)} to {formatIsoDate(p.totals.to)}
                  </Link>
                  <span className="text-slate-600">
                    saving {formatGBP(p.totals.savingGbp)} · {p.marginBps} bps
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );

  return (
    <PackFrame session={session} width="max-w-3xl">
      <h1 className="mb-4 mt-2 text-2xl font-bold">New evidence pack{lead ? `: ${lead.name}` : ''}</h1>
      {body}
    </PackFrame>
  );
}
