import { SUPPORT_EMAIL } from '@pippitch/shared/product';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** /terms and /privacy: static text with a back button to /. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/"
        className="inline-flex rounded-lg px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-white"
      >
        ← Back to home
      </Link>
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <div className="mt-6 space-y-4 text-slate-700">{children}</div>
    </main>
  );
}

export function TermsText() {
  return (
    <>
      <p>
        These terms govern your company's use of PipPitch, a subscription sales tool for foreign-exchange brokerage
        teams.
      </p>
      <h2 className="text-xl font-semibold">Subscriptions and trial</h2>
      <p>
        Each company starts with a 60-day free trial that needs no card. After the trial a monthly or annual plan is
        needed to keep access; without one the account is locked and its data kept. Monthly plans may be cancelled with
        30 days' access remaining; annual plans end at once on cancellation and are not refunded.
      </p>
      <h2 className="text-xl font-semibold">Market data</h2>
      <p>
        Rates shown are indicative and for information only. Historical rates are derived from the European Central
        Bank's reference rates (Source: ECB) with simulated intraday movement unless a live feed or imported data is
        named on screen. They must not be relied on to execute transactions.
      </p>
      <h2 className="text-xl font-semibold">Your responsibilities</h2>
      <p>Admins manage seats and members and keep sign-in details confidential. Each seat is for one named person.</p>
      <p>
        Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </>
  );
}

export function PrivacyText() {
  return (
    <>
      <p>PipPitch stores what it needs to run your team's account, and nothing more.</p>
      <h2 className="text-xl font-semibold">What we keep</h2>
      <p>
        Members' names, work e-mail addresses and roles; passwords only as salted argon2id hashes; calculations, leads
        and activity your team creates; and sign-in sessions, which expire after 7 days.
      </p>
      <h2 className="text-xl font-semibold">Company data</h2>
      <p>
        The Company Finder uses public UK company information (GOV.UK gender pay gap service and Companies House data,
        Open Government Licence v3.0).
      </p>
      <h2 className="text-xl font-semibold">Retention</h2>
      <p>
        After a cancellation, data is kept for 30 days and then deleted. Admins can remove members and their activity at
        any time.
      </p>
      <p>
        Contact: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </>
  );
}
