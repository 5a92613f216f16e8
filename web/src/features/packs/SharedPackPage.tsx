import { type Brokerage, SHARE_LINK_MESSAGES, SHARE_TOKEN, sharedLogoUrl } from '@pippitch/shared/pack-share';
import { formatLondonDate } from '@pippitch/shared/time';
import { NoIndex } from '../../components/NoIndex';
import { Logo, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { PackView } from './PackView';

/**
 * The prospect's read-only evidence pack (no sign-in): the pack and nothing else. An expired or withdrawn link says
 * so. Each opening is logged; the broker hears about the first.
 */
export function SharedPackPage({ token }: { token: string }) {
  // A link cut short when it was copied is said so at once, without asking the server.
  const wellFormed = SHARE_TOKEN.test(token);
  // One request per visit: a refetch on focus would log a view the prospect did not make.
  const pack = trpc.packs.shared.useQuery(
    { token },
    {
      enabled: wellFormed,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  );
  return (
    <div className="min-h-screen bg-slate-50">
      {/* The link is the prospect's secret: the pack stays out of search engines. */}
      <NoIndex />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {!wellFormed ? (
          <Unavailable message={SHARE_LINK_MESSAGES.malformed} />
        ) : pack.isPending ? (
          <Spinner label="Loading the evidence pack..." />
        ) : pack.isError ? (
          <Unavailable message={errorMessage(pack.error, SHARE_LINK_MESSAGES.unknown)} />
        ) : (
          <>
            <h1 className="text-2xl font-bold">Your FX costs, trade by trade: {pack.data.leadName}</h1>
            <BrokerCard brokerage={pack.data.brokerage} token={token} />
            {pack.data.expiresAt && (
              <p className="mb-4 text-sm text-slate-600">
                This page is available until {formatLondonDate(new Date(pack.data.expiresAt))}.
              </p>
            )}
            <PackView pack={pack.data} audience="prospect" />
          </>
        )}
      </main>
    </div>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <h1 className="text-lg font-bold">This evidence pack is not available</h1>
      <p className="mt-2 text-sm text-slate-700" data-testid="share-unavailable">
        {message}
      </p>
    </div>
  );
}

/** Who prepared the pack and how to reach them (issue 22 §3). */
function BrokerCard({ brokerage, token }: { brokerage: Brokerage; token: string }) {
  return (
    <section
      aria-label="Prepared by"
      className="my-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm"
      data-testid="brokerage"
    >
      {brokerage.hasLogo && (
        <img
          src={sharedLogoUrl(token)}
          alt={`${brokerage.companyName} logo`}
          className="mb-2 h-10 w-auto max-w-48 object-contain"
          data-testid="brokerage-logo"
        />
      )}
      <p className="font-semibold text-slate-900">{brokerage.companyName}</p>
      <p className="mt-1 text-slate-700">
        Prepared by {brokerage.brokerName} ·{' '}
        <a className="font-medium text-brand-700 underline" href={`mailto:${brokerage.brokerEmail}`}>
          {brokerage.brokerEmail}
        </a>
        {brokerage.brokerPhone && (
          <>
            {' · '}
            <a
              className="font-medium text-brand-700 underline"
              href={`tel:${brokerage.brokerPhone.replace(/[^+\d]/g, '')}`}
            >
              {brokerage.brokerPhone}
            </a>
          </>
        )}
      </p>
    </section>
  );
}
