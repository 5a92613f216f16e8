import { formatLondonDateTime } from '@pippitch/shared/time';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, Button, Spinner } from '../../components/ui';
import { errorMessage, isMarginRefusal } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { AskApproval } from '../margin/AskApproval';
import { PackFrame } from './PackFrame';
import { PackView } from './PackView';

const appRoute = getRouteApi('/_app');

/** A saved evidence pack: the priced trades, its PDF, and the prospect's share link (make, copy, withdraw). */
export function PackPage({ packId }: { packId: string }) {
  const { session } = appRoute.useRouteContext();
  const pack = trpc.packs.get.useQuery({ id: packId });
  return (
    <PackFrame session={session} width="max-w-7xl">
      {pack.isPending ? (
        <Spinner label="Loading the pack..." />
      ) : pack.isError ? (
        <div className="mt-4">
          <Alert tone="error">{errorMessage(pack.error)}</Alert>
        </div>
      ) : (
        <>
          <div className="mb-4 mt-2 flex flex-wrap items-end justify-between gap-3">
            <h1 className="text-2xl font-bold">Evidence pack: {pack.data.leadName}</h1>
            <a
              href={`/api/packs/${pack.data.id}.pdf`}
              download
              className="inline-flex items-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Download PDF
            </a>
          </div>
          {pack.data.mine ? (
            <>
              <ShareLink packId={pack.data.id} share={pack.data.share} />
              <ContactPhone packId={pack.data.id} phone={pack.data.brokerage.brokerPhone} />
            </>
          ) : (
            <p className="mb-4 text-sm text-slate-600">Prepared by {pack.data.brokerName}: only they can share it.</p>
          )}
          <PackView pack={pack.data} />
        </>
      )}
    </PackFrame>
  );
}

type Share = { expiresAt: string; firstViewedAt: string | null; views: number } | null;

function ShareLink({ packId, share }: { packId: string; share: Share }) {
  const utils = trpc.useUtils();
  // The link's address is only ever shown when it is made (the server keeps a hash of its token).
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const refresh = () => utils.packs.get.invalidate({ id: packId });
  const make = trpc.packs.share.useMutation({
    onSuccess: (link) => {
      setUrl(link.url);
      setCopied(false);
      void refresh();
    },
  });
  const revoke = trpc.packs.revokeShare.useMutation({
    onSuccess: () => {
      setUrl(null);
      void refresh();
    },
  });
  const error = make.error ?? revoke.error;
  return (
    <section aria-label="Share with the prospect" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-800">Share with the prospect</h2>
      {share ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="share-status">
          A read-only link is live until {formatLondonDateTime(new Date(share.expiresAt))} London ·{' '}
          {share.views === 0
            ? 'not opened yet'
            : `opened ${share.views} time${share.views === 1 ? '' : 's'}, first ${formatLondonDateTime(new Date(share.firstViewedAt ?? share.expiresAt))}`}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          A read-only page of this pack, no sign-in needed, for 30 days. You get an e-mail when it is first opened.
        </p>
      )}
      {url && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <input
            readOnly
            value={url}
            aria-label="Share link"
            onFocus={(e) => e.target.select()}
            className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
          />
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url);
                setCopied(true);
              } catch {
                setCopied(false);
              }
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      )}
      {url === null && share && (
        <p className="mt-2 text-xs text-slate-500">
          The link was shown when it was made. Make a new one to see it again (the old one then stops working).
        </p>
      )}
      {error && (
        <div className="mt-2">
          <Alert tone="error">{errorMessage(error)}</Alert>
          {isMarginRefusal(make.error) && <AskApproval target={{ packId }} />}
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => make.mutate({ id: packId })} disabled={make.isPending}>
          {share ? 'Make a new link' : 'Create share link'}
        </Button>
        {share && (
          <Button variant="secondary" onClick={() => revoke.mutate({ id: packId })} disabled={revoke.isPending}>
            Withdraw link
          </Button>
        )}
      </div>
    </section>
  );
}

/** The phone the prospect sees with the broker's name and e-mail on the shared page and the PDF (issue 22 §3). */
function ContactPhone({ packId, phone }: { packId: string; phone: string | null }) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState(phone ?? '');
  const save = trpc.packs.setContactPhone.useMutation({
    onSuccess: () => void utils.packs.get.invalidate({ id: packId }),
  });
  return (
    <form
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ phone: value });
      }}
    >
      <label htmlFor="contact-phone" className="text-sm font-semibold text-slate-800">
        Your phone for prospects
      </label>
      <p className="text-xs text-slate-600">
        Shown with your name and e-mail on the shared page and the PDF of each of your packs. Leave empty to show none.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="contact-phone"
          type="tel"
          autoComplete="tel"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="e.g. +44 20 7946 0000"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:max-w-xs"
        />
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save phone
        </Button>
      </div>
      {save.isSuccess && (
        <p role="status" className="mt-1 text-xs text-green-800">
          Saved.
        </p>
      )}
      {save.error && (
        <div className="mt-2">
          <Alert tone="error">{errorMessage(save.error)}</Alert>
        </div>
      )}
    </form>
  );
}
