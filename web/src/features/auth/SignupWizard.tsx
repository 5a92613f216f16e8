import { adminStep, companyStep, planStep } from '@pippitch/shared/auth';
import { planPrice } from '@pippitch/shared/plan-price';
import { type Billing, quote, SIGNUP_DEFAULTS, TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Alert, Button, Card, Logo, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { formBinding } from '../../lib/form-binding';
import { trpc } from '../../lib/trpc';
import { CheckInbox } from './CheckInbox';
import { PlanStep } from './PlanStep';

const STEPS = ['Company Information', 'Admin Account', 'Select Your Plan'] as const;
type Errors = Record<string, string | undefined>;

function fieldErrors(result: z.ZodSafeParseResult<unknown>): Errors {
  if (result.success) return {};
  const out: Errors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Moves keyboard focus into the part of the page that just changed: the first field marked wrong, else the
 * first field of the new step, else its heading (a screen reader then reads where the person is).
 */
function focusWithin(container: HTMLElement | null) {
  const target =
    container?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    container?.querySelector<HTMLElement>('input:not([type="radio"]), input[type="radio"]:checked') ??
    container?.querySelector<HTMLElement>('[tabindex="-1"]');
  target?.focus();
}

/**
 * The 3-step company signup (spec §2 Signup, §4 Signup wizard). Nothing is created here: the e-mailed link's page
 * asks for the password and the company's name (issue 30), so only the address's owner sets the account up.
 */
export function SignupWizard() {
  const { plan } = useSearch({ from: '/signup' });
  const [step, setStep] = useState(0);
  const [form, setForm] = useState({
    companyName: '',
    companyDomain: '',
    fullName: '',
    email: '',
    billing: plan as Billing,
    adminSeats: SIGNUP_DEFAULTS.adminSeats as number,
    brokerSeats: SIGNUP_DEFAULTS.brokerSeats as number,
    addons: { companyFinder: false, clientData: false },
  });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  /** Verify-first (issue 19): after step 3 the link is in the inbox; this is the page's answer. */
  const [sent, setSent] = useState<{ message: string; emailed: boolean } | null>(null);
  const signup = trpc.auth.signup.useMutation();
  const panel = useRef<HTMLDivElement>(null);
  // Bumped when the person pressed Next, Back or Start and the page answered (not on every keystroke).
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) focusWithin(panel.current);
  }, [answered]);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const field = formBinding(form, errors, set);

  function next(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    setAnswered((n) => n + 1);
    if (step === 0) {
      const errs = fieldErrors(companyStep.safeParse(form));
      setErrors(errs);
      if (Object.keys(errs).length === 0) setStep(1);
      return;
    }
    if (step === 1) {
      const errs = fieldErrors(adminStep.safeParse(form));
      setErrors(errs);
      if (Object.keys(errs).length === 0) setStep(2);
      return;
    }
    // The trial's seat limit (issue 30), said before anything is sent.
    const plan = planStep.safeParse(form);
    if (!plan.success) {
      setServerError(plan.error.issues[0]?.message ?? null);
      return;
    }
    void create();
  }

  async function create() {
    try {
      setSent(await signup.mutateAsync(form));
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to create account. Please try again.'));
    }
    setAnswered((n) => n + 1);
  }

  const price = quote({
    adminSeats: form.adminSeats,
    brokerSeats: form.brokerSeats,
    billing: form.billing,
    addons: form.addons,
  });

  return (
    <div className="min-h-screen px-4 py-8">
      <div className="mx-auto max-w-2xl">
        <div className="mb-6 flex items-center justify-between">
          <Link to="/pricing" className="rounded-lg p-2 text-sm text-slate-600 hover:bg-slate-100">
            ← Pricing
          </Link>
          <Logo />
          <Link to="/login" className="rounded-lg p-2 text-sm font-medium text-brand-700 hover:bg-slate-100">
            Sign In
          </Link>
        </div>
        <Card>
          <h1 className="text-2xl font-bold">Start your {TRIAL_DAYS}-day free trial</h1>
          <p className="mt-1 text-sm text-slate-600">
            No card needed. Tell us about your company and plan in three steps, then confirm your e-mail to choose your
            password.
          </p>
          <ol className="mt-6 grid grid-cols-3 gap-2" aria-label="Signup steps">
            {STEPS.map((label, i) => (
              <li key={label} aria-current={i === step ? 'step' : undefined} className="text-xs sm:text-sm">
                <div className={`h-1.5 rounded-full ${i <= step ? 'bg-brand-600' : 'bg-slate-200'}`} />
                <span className={`mt-2 block font-medium ${i === step ? 'text-brand-800' : 'text-slate-500'}`}>
                  {i + 1}. {label}
                </span>
              </li>
            ))}
          </ol>
          <div ref={panel}>
            {sent ? (
              <CheckInbox
                message={sent.message}
                emailed={sent.emailed}
                sending={signup.isPending}
                onSendAgain={() => void create()}
                onChangeEmail={() => {
                  setSent(null);
                  setStep(1);
                  setAnswered((n) => n + 1);
                }}
              />
            ) : (
              <form onSubmit={next} className="mt-6 space-y-4" noValidate>
                <h2 className="text-lg font-semibold" tabIndex={-1}>
                  {STEPS[step]}
                </h2>
                {step === 0 && (
                  <>
                    <TextField label="Company Name" autoComplete="organization" {...field('companyName')} />
                    <TextField label="Company Domain" placeholder="example.co.uk" {...field('companyDomain')} />
                  </>
                )}
                {step === 1 && (
                  <>
                    <TextField label="Full Name" autoComplete="name" {...field('fullName')} />
                    <TextField
                      label="Admin Email"
                      type="email"
                      autoComplete="email"
                      hint="We'll send a link to this address. You choose your password on the page it opens, so only the owner of this address can set up the account."
                      {...field('email')}
                    />
                  </>
                )}
                {step === 2 && (
                  <PlanStep
                    billing={form.billing}
                    adminSeats={form.adminSeats}
                    brokerSeats={form.brokerSeats}
                    price={price}
                    plan={planPrice({
                      adminSeats: form.adminSeats,
                      brokerSeats: form.brokerSeats,
                      billing: form.billing,
                      addons: form.addons,
                    })}
                    addons={form.addons}
                    onAddons={(addons) => set('addons', addons)}
                    onBilling={(b) => set('billing', b)}
                    onAdminSeats={(n) => set('adminSeats', n)}
                    onBrokerSeats={(n) => set('brokerSeats', n)}
                  />
                )}
                {serverError && <Alert tone="error">{serverError}</Alert>}
                <div className="flex justify-between gap-3 pt-2">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setStep((s) => s - 1);
                      setAnswered((n) => n + 1);
                    }}
                    disabled={step === 0 || signup.isPending}
                  >
                    Back
                  </Button>
                  <Button type="submit" disabled={signup.isPending}>
                    {step < 2 ? 'Next' : signup.isPending ? 'Creating account...' : 'Start Free Trial'}
                  </Button>
                </div>
              </form>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
