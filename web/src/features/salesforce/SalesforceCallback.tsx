import { SALESFORCE_MESSAGES, SALESFORCE_SETTINGS_PATH } from '@pippitch/shared/salesforce';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Logo, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

const route = getRouteApi('/_app/salesforce-callback');

/** How long the outcome stays on screen before returning to the settings (spec §2 Salesforce). */
const BACK_AFTER_MS = { success: 2000, error: 3000 } as const;

/**
 * /salesforce-callback: Salesforce sends the admin back here with a code and our state; the server checks the
 * state against this session, exchanges the code with the PKCE verifier it kept, and stores the connection.
 */
export function SalesforceCallback() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const complete = trpc.salesforce.completeConnection.useMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (search.error) {
      setOutcome({ tone: 'error', text: `Error: ${search.error_description ?? search.error}` });
      return;
    }
    if (!search.code) {
      setOutcome({ tone: 'error', text: SALESFORCE_MESSAGES.noCode });
      return;
    }
    complete
      .mutateAsync({ code: search.code, state: search.state })
      .then(() => setOutcome({ tone: 'success', text: SALESFORCE_MESSAGES.connected }))
      .catch((err: unknown) =>
        setOutcome({ tone: 'error', text: errorMessage(err, SALESFORCE_MESSAGES.connectFailed) }),
      );
  }, [search, complete]);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(
      () => void navigate({ to: SALESFORCE_SETTINGS_PATH, replace: true }),
      BACK_AFTER_MS[outcome.tone],
    );
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Card className="w-full max-w-md space-y-4 p-8 text-center">
        <Logo to="/admin" />
        <h1 className="text-xl font-semibold">Connecting to Salesforce</h1>
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : <Spinner label="Completing the connection..." />}
        {outcome && <p className="text-sm text-slate-600">Returning to Salesforce settings…</p>}
      </Card>
    </main>
  );
}
