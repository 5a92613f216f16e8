import type { ReactNode } from 'react';
import { Card, Logo } from './ui';

/** A page reached from an e-mailed link (reset, join, confirm signup): the logo and one card, centred. */
export function LinkPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card>{children}</Card>
      </div>
    </div>
  );
}
