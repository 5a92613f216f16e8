import {
  type ClientMarginLine,
  clientApprovedText,
  clientPacksText,
  clientPitchesText,
  MARGIN_CLIENTS_CSV_PATH,
} from '@pippitch/shared/margin-clients';

/**
 * One story per client (issue 32 §4), under the margin card's figures: each client below the floor in the range
 * with the margin approved for it, what waits, and the pitches and packs under it, and the same lines as a CSV.
 * Stacked lines, never a table: fits 375 px.
 */
export function MarginClientLines({ clients, range }: { clients: ClientMarginLine[]; range: string }) {
  if (clients.length === 0) return null;
  return (
    <section aria-labelledby="margin-clients" className="border-t border-slate-200 pt-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id="margin-clients" className="font-medium">
          Per client below the floor
        </h4>
        <a
          href={`${MARGIN_CLIENTS_CSV_PATH}?range=${encodeURIComponent(range)}`}
          download
          className="text-sm font-medium text-brand-800 underline"
        >
          Download per client (CSV)
        </a>
      </div>
      <ul aria-label="Margin per client" className="mt-2 space-y-3">
        {clients.map((c) => (
          <li key={c.leadId} data-testid="margin-client" className="min-w-0">
            <p className="break-words font-medium">
              {c.clientName} · {c.broker}
            </p>
            <p className="break-words text-sm text-slate-700">{clientApprovedText(c)}</p>
            <p className="break-words text-sm text-slate-600">
              {clientPitchesText(c)} · {clientPacksText(c)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
