import { OPERATOR_ELEMENT_ID, OPERATOR_JSON_PATH, type OperatorDetails } from '@pippitch/shared/operator';
import { useEffect, useState } from 'react';

// The operator's details on the legal pages (issue 22 §4) come from the server's configuration. Prerendered at build
// time, each detail is a token the server replaces in the page it serves; the same details travel in the page as a
// JSON data block, which the browser reads so that what it renders when it takes the page over is the same text. A
// page reached by client-side navigation (no data block) asks the server, and asks again until it answers: a failed
// request never puts the sample details on a production page (it once showed them for good after one lost request).

const TOKENS: OperatorDetails = {
  legalName: '%%OPERATOR:legalName%%',
  companyNumber: '%%OPERATOR:companyNumber%%',
  registeredOffice: '%%OPERATOR:registeredOffice%%',
  contactEmail: '%%OPERATOR:contactEmail%%',
  icoRegistration: '%%OPERATOR:icoRegistration%%',
  privacyEmail: '%%OPERATOR:privacyEmail%%',
  // Optional and marked details are shown after the page is taken over (they are not text tokens).
  vatNumber: null,
  sample: false,
};

let fetched: Promise<OperatorDetails> | null = null;

async function askServer(): Promise<OperatorDetails> {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(OPERATOR_JSON_PATH);
      if (r.ok) return (await r.json()) as OperatorDetails;
    } catch {
      // Offline or the server restarting: try again below.
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 10_000)));
  }
}

function fromPage(): OperatorDetails | null {
  const el = document.getElementById(OPERATOR_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as OperatorDetails;
  } catch {
    return null;
  }
}

/** The details to render: tokens while prerendering, the page's data block, or (navigated to) the server's answer. */
export function useOperator(): OperatorDetails | null {
  const [operator, setOperator] = useState<OperatorDetails | null>(() =>
    typeof document === 'undefined' ? TOKENS : fromPage(),
  );
  useEffect(() => {
    if (operator) return;
    fetched ??= askServer();
    let live = true;
    void fetched.then((o) => live && setOperator(o));
    return () => {
      live = false;
    };
  }, [operator]);
  return operator;
}

/**
 * The one support address (issue 31 §6): the operator's contact e-mail from the server's configuration
 * (OPERATOR_EMAIL), the same the legal pages show. 'support' until the details have arrived.
 */
export function useSupportEmail(): string {
  return useOperator()?.contactEmail ?? 'support';
}
