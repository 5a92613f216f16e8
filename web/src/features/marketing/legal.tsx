import { LEGAL_EFFECTIVE_DATE, SAMPLE_OPERATOR_NOTICE } from '@pippitch/shared/operator';
import { ADDON_PRICES, VAT_PERCENTAGE } from '@pippitch/shared/pricing';
import { DATA_KEPT_DAYS } from '@pippitch/shared/retention';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { useOperator } from '../../lib/operator';
import { SiteFooter, SiteNav } from './SiteNav';

/** /terms and /privacy: the site's header and footer, a back button to /, and the text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const operator = useOperator();
  const hydrated = useHydrated();
  return (
    <div className="min-h-screen bg-white">
      <SiteNav />
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Link
          to="/"
          className="inline-flex rounded-lg px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          ← Back to home
        </Link>
        <h1 className="mt-6 text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">In effect from {LEGAL_EFFECTIVE_DATE}.</p>
        {hydrated && operator?.sample && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="sample-operator">
            {SAMPLE_OPERATOR_NOTICE}
          </p>
        )}
        <div className="legal mt-6 space-y-4 leading-relaxed text-slate-700">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

function H2({ children }: { children: ReactNode }) {
  return <h2 className="pt-4 text-xl font-semibold text-slate-900">{children}</h2>;
}

function Operator() {
  const operator = useOperator();
  const hydrated = useHydrated();
  if (!operator) return <p className="text-sm text-slate-500">Loading the operator’s details…</p>;
  return (
    <ul className="list-disc space-y-1 pl-5" data-testid="operator-details">
      <li>Legal name: {operator.legalName}</li>
      <li>Company number (England and Wales): {operator.companyNumber}</li>
      <li>Registered office: {operator.registeredOffice}</li>
      {hydrated && operator.vatNumber && <li>VAT number: {operator.vatNumber}</li>}
      <li>ICO registration: {operator.icoRegistration}</li>
      <li>
        Contact: <a href={`mailto:${operator.contactEmail}`}>{operator.contactEmail}</a>
      </li>
    </ul>
  );
}

function PrivacyEmail() {
  const operator = useOperator();
  if (!operator) return <>the operator</>;
  return <a href={`mailto:${operator.privacyEmail}`}>{operator.privacyEmail}</a>;
}

export function TermsText() {
  return (
    <>
      <p>
        These terms are an agreement between the operator of PipPitch named below (“we”, “us”) and the business that
        subscribes (“the customer”). PipPitch is sold to businesses only, for use by their staff; it is not offered to
        consumers.
      </p>
      <Operator />

      <H2>1. The service</H2>
      <p>
        PipPitch is a sales tool for foreign-exchange brokerage teams: a savings calculator with live and historical
        rates, leads and a Company Finder, a team dashboard, reports and an export to Salesforce. Rates shown are
        indicative and for information only: they are not offers to deal and must not be relied on to execute
        transactions. Historical rates are derived from the European Central Bank’s reference rates (Source: ECB) with
        simulated intraday movement unless another source is named on screen.
      </p>

      <H2>2. Trial</H2>
      <p>
        Each customer may use PipPitch free for 60 days from signup, without a card. At the end of the trial the account
        is locked unless a paid plan has been chosen. We remind the customer’s admins 30, 7 and 1 day before it ends.
      </p>

      <H2>3. Plans, prices and payment</H2>
      <p>
        Plans are charged per seat (one named person per seat), monthly or annually in advance, at the prices on the
        pricing page when the plan starts or changes. Annual billing costs 20% less than twelve monthly payments. The
        Company Finder and Client Data Tracking add-ons cost £{ADDON_PRICES.monthlyPerSeatPerMonth} per seat per month
        on monthly plans (£{ADDON_PRICES.annualPerSeatPerYear} per seat per year on annual plans). Prices exclude VAT,
        which is added at the UK rate ({VAT_PERCENTAGE}% today). Payments are taken by our payment provider; adding
        seats or add-ons mid-period is charged pro rata, removing them takes effect without a refund for the period
        already paid. If a payment fails and is not made good, the account is locked.
      </p>

      <H2>4. Cancellation and the end of access</H2>
      <p>
        Admins can cancel at any time in Account Management. A monthly plan keeps its access for 30 days after
        cancellation, or to the end of the paid period, and can be reactivated in that time. An annual plan ends at once
        on cancellation and is not refunded. A trial cancelled ends at once. When access ends the customer’s data is
        kept for {DATA_KEPT_DAYS} days, during which a new subscription restores everything, and is then deleted.
      </p>
      <p>
        We may end the agreement for convenience with 30 days’ notice by e-mail to the customer’s admins, refunding any
        prepaid period after the end date, or at once if the customer materially breaches these terms and does not put
        the breach right within 14 days of being asked to.
      </p>

      <H2>5. Acceptable use</H2>
      <p>
        The customer is responsible for its users and keeps sign-in details confidential. It must not: share a seat
        between people; use PipPitch to mislead anyone about rates or savings; upload data it has no right to use;
        attempt to break or probe the service’s security, overload it, or access other customers’ data; or resell or
        copy the service or its data. We may suspend a user or account that does any of these, telling the admins why.
      </p>

      <H2>6. Customer data</H2>
      <p>
        The customer owns the data its team puts into PipPitch (calculations, leads, activity). We process it only to
        provide the service, as the Privacy Policy and our data processing terms in it describe, and the customer may
        export it while its account is active.
      </p>

      <H2>7. Liability</H2>
      <p>
        We provide the service with reasonable skill and care. Nothing in these terms limits liability for death or
        personal injury caused by negligence, for fraud, or for anything else the law does not allow to be limited.
        Otherwise, neither party is liable for loss of profits, revenue, business or goodwill, or for indirect or
        consequential loss, and our total liability in any 12 months is limited to the fees the customer paid in those
        12 months. Decisions to deal, and the rates offered to clients, are the customer’s own.
      </p>

      <H2>8. Changes and law</H2>
      <p>
        We may change these terms with 30 days’ notice to the admins; a change the customer does not accept may be met
        by cancelling before it takes effect. These terms are governed by the law of England and Wales, whose courts
        have exclusive jurisdiction.
      </p>
    </>
  );
}

export function PrivacyText() {
  return (
    <>
      <p>
        This policy explains how personal data is handled in PipPitch, under the UK GDPR and the Data Protection Act
        2018.
      </p>
      <Operator />

      <H2>1. Who decides what</H2>
      <p>
        <strong>The customer is the controller</strong> of the personal data its team puts into PipPitch: its members’
        details, and the names of prospects and their companies in calculations and leads. We process that data on the
        customer’s instructions as its <strong>processor</strong>, only to provide the service, under a duty of
        confidence, with the safeguards below, and we delete it when the service ends.
      </p>
      <p>
        We are the controller of the data we need to run our own business with the customer: account and billing
        contacts, invoices, and security logs.
      </p>

      <H2>2. What is collected</H2>
      <ul className="list-disc space-y-1 pl-5">
        <li>Accounts: each member’s name, work e-mail address and role; passwords only as salted argon2id hashes.</li>
        <li>Calculations: the rates, amounts and client names brokers enter, and the results.</li>
        <li>Leads: client company names and public company details (Companies House, GOV.UK), contact status.</li>
        <li>Activity: who calculated what and when, sign-in times, invitations, seat and role changes.</li>
        <li>Billing: company name, plan and seats; card details are held by the payment provider, never by us.</li>
        <li>
          One cookie: the session cookie that keeps a member signed in (7 days). It is strictly necessary, so no cookie
          banner is needed; there are no analytics or advertising cookies.
        </li>
      </ul>

      <H2>3. Sub-processors</H2>
      <p>We use these kinds of providers, each under a written contract with UK GDPR safeguards:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Hosting and database: the servers that run PipPitch and store its data.</li>
        <li>E-mail delivery: invitations, password resets, reminders and reports.</li>
        <li>Payments: Stripe, for subscriptions and card payments.</li>
        <li>CRM: Salesforce, only when a customer connects its own org; exports go to that org.</li>
      </ul>
      <p>
        Transfers outside the UK rely on UK adequacy regulations or the ICO’s international data transfer agreement.
      </p>

      <H2>4. How long it is kept</H2>
      <p>
        While the account is active. When access ends (a trial ends unpaid, or a plan is cancelled and its access runs
        out) the customer’s data is kept for {DATA_KEPT_DAYS} days so it can come back, then deleted by a scheduled job.
        Admins can delete a member and their activity at any time. Invoices are kept as long as tax law requires.
      </p>

      <H2>5. Security</H2>
      <p>
        Data travels over TLS; every request is checked against the signed-in member’s company; third-party tokens
        (Salesforce) are encrypted at rest; sessions end when a member is deactivated.
      </p>

      <H2>6. Your rights</H2>
      <p>
        People whose data is in PipPitch may ask for access, correction, erasure, restriction, portability, or object to
        processing. Where the customer is the controller we pass the request to it and help it answer; otherwise write
        to <PrivacyEmail />. You may also complain to the Information Commissioner’s Office (ico.org.uk).
      </p>
    </>
  );
}
