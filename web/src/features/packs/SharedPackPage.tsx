import { formatLondonDate } from '@pippitch/shared/time';
import { Logo, Spinner } from '../../components/ui';
import { errorMessage, trpc } from '../../lib/trpc';
import { PackView } from './PackView';

/**
 * The prospect's read-only evidence pack (no sign-in): the pack and nothing else. An expired or withdrawn link says
 * so. Each opening is logged; the broker hears about the first.
 */
export function SharedPackPage({ token }: { token: string }) {
  // One request per visit: a refetch on focus would log a view the prospect did not make.
  const pack = trpc.packs.shared.useQuery(
    { token },
    { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Number.POSITIVE_INFINITY },
  );
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {pack.isPending ? (
          <Spinner label="Loading the evidence pack..." />
        ) : pack.isError ? (
          <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <h1 className="text-lg font-bold">This evidence pack is not available</h1>
            <p className="mt-2 text-sm text-slate-600">{errorMessage(pack.error)}</p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Your FX costs, trade by trade: {pack.data.leadName}</h1>
            <p className="mb-4 mt-1 text-sm text-slate-600">
              Prepared by {pack.data.brokerName} with PipPitch
              {pack.data.expiresAt
                ? ` · this page is available until ${formatLondonDate(new Date(pack.data.expiresAt))}`
                : ''}
              .
            </p>
            <PackView pack={pack.data} />
          </>
        )}
      </main>
    </div>
  );
}
