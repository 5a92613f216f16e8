import type { ReactNode } from 'react';
import { NoIndex } from './NoIndex';
import { Alert, buttonClass, Card, Logo, Spinner } from './ui';

/**
 * A page reached from an e-mailed link (reset, join, confirm signup, unlock sign-in): the logo and one card, centred.
 * Its link is a secret, so the page is never indexed.
 */
export function LinkPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <NoIndex />
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card>{children}</Card>
      </div>
    </div>
  );
}

/** The link pages' one way on (back to sign in, sign up again, home), styled as their main button. */
export const WAY_ON_CLASS = buttonClass();

/** A link that cannot be used: why, then the way on (`children`, a link styled with WAY_ON_CLASS). */
export function LinkRefused({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="mt-4 space-y-4">
      <Alert tone="error">{message}</Alert>
      {children}
    </div>
  );
}

/** What a link page knows of the server's check of its token. */
export interface LinkCheck {
  isLoading: boolean;
  isError: boolean;
  data?: { valid: boolean };
}

/**
 * A link page whose token the server checks before anything is shown (reset, confirm signup): a spinner while it
 * does, the refusal and its way on when the token is missing, unknown or spent, else the page's form (`children`).
 */
export function CheckedLinkPage(props: {
  title: string;
  token: string | null;
  check: LinkCheck;
  refused: string;
  wayOn: ReactNode;
  children: ReactNode;
}) {
  const { token, check } = props;
  const invalid = !token || check.data?.valid === false || check.isError;
  return (
    <LinkPage>
      <h1 className="text-2xl font-bold">{props.title}</h1>
      {token && check.isLoading ? (
        <Spinner label="Checking your link..." />
      ) : invalid ? (
        <LinkRefused message={props.refused}>{props.wayOn}</LinkRefused>
      ) : (
        props.children
      )}
    </LinkPage>
  );
}
