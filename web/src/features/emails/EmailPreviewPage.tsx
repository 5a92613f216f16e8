import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminPage } from '../../components/AdminPage';
import { QueryStatus } from '../../components/QueryStatus';
import { Card } from '../../components/ui';
import { trpc } from '../../lib/trpc';

const route = getRouteApi('/_app/email-preview');

/**
 * Email previews (spec §2): the billing e-mails as this company's admins receive them, rendered on the server
 * by the templates the worker sends. Each expands to an iframe 700 px high; nothing here sends anything.
 */
export function EmailPreviewPage() {
  const { session } = route.useRouteContext();
  const previews = trpc.emails.previews.useQuery();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <AdminPage
      session={session}
      title="Email previews"
      intro="The e-mails PipPitch sends your admins about your subscription. Previews are never sent."
      width="4xl"
    >
      <QueryStatus query={previews} />
      {previews.data?.map((p) => {
        const expanded = open === p.key;
        return (
          <Card key={p.key} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <button
                type="button"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : p.key)}
                className="text-left font-semibold text-slate-900 hover:text-brand-700"
              >
                <span aria-hidden className="mr-2 inline-block w-3">
                  {expanded ? '▾' : '▸'}
                </span>
                {p.title}
              </button>
              <a href={p.url} target="_blank" rel="noopener" className="text-sm font-medium text-brand-700 underline">
                Open in New Tab
              </a>
            </div>
            {expanded && (
              <iframe
                title={p.title}
                src={p.url}
                sandbox=""
                className="h-[700px] w-full rounded-lg border border-slate-200 bg-white"
              />
            )}
          </Card>
        );
      })}
    </AdminPage>
  );
}
