import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@pippitch/shared/logo';
import { useId, useState } from 'react';
import { Alert, Button, Card } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/** The company's logo on its brokers' shared evidence packs and their PDFs (issue 22 §3): upload or remove. */
export function CompanyLogoCard() {
  const id = useId();
  const utils = trpc.useUtils();
  const logo = trpc.company.logo.useQuery();
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.company.setLogo.useMutation({
    onSuccess: (r) => {
      setNote(r.message);
      // The answer says whether a logo is now set: shown at once, whatever the first read of the card still brings.
      utils.company.logo.setData(undefined, { hasLogo: r.hasLogo });
      void utils.company.logo.invalidate();
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  async function choose(file: File | undefined) {
    setNote(null);
    setProblem(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(LOGO_MESSAGES.tooLarge);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    save.mutate({ base64: btoa(binary) });
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Logo for prospects</h2>
      <p className="mt-1 text-sm text-slate-600">
        Shown with your company’s name on your brokers’ shared evidence packs and in their PDFs. PNG or JPEG, up to 200
        KB.
      </p>
      <p className="mt-2 text-sm text-slate-800" data-testid="logo-state">
        {logo.data?.hasLogo ? 'A logo is set.' : 'No logo yet: packs show your company’s name.'}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Upload a logo
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          onChange={(e) => void choose(e.target.files?.[0])}
          className="text-sm"
        />
        {logo.data?.hasLogo && (
          <Button variant="secondary" onClick={() => save.mutate({ base64: '' })} disabled={save.isPending}>
            Remove logo
          </Button>
        )}
      </div>
      {note && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {note}
        </p>
      )}
      {problem && (
        <div className="mt-2">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
    </Card>
  );
}
