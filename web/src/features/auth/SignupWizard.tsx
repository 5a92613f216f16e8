import { adminStep, companyStep, MESSAGES } from '@pippitch/shared/auth';
import { planPrice } from '@pippitch/shared/plan-price';
import { type Billing, quote, SIGNUP_DEFAULTS, TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Alert, Button, Card, Logo, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { formBinding } from '../../lib/form-binding';
import { resetSessionCache } from '../../lib/session';
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

/** The 3-step company signup (spec §2 Signup, §4 Signup wizard). Nothing is created until step 3. */
export function SignupWizard() {
  const navigate = useNavigate();
  const { plan } = useSearch({ from: '/signup' });
  const [step, setStep] = useState(0);
  const [form, setForm] = useState({
    companyName: '',
    companyDomain: '',
    fullName: '',
    email: '',
    password: '',
    confirmPassword: '',
    billing: plan as Billing,
    adminSeats: SIGNUP_DEFAULTS.adminSeats as number,
    brokerSeats: SIGNUP_DEFAULTS.brokerSeats as number,
    addons: { companyFinder: false, clientData: false },
  });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  /** Verify-first (issue 19): after step 3 the link is in the inbox; this is the page's answer. */
  const [sent, setSent] = useState<string | null>(null);
  const signup = trpc.auth.signup.useMutation();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const field = formBinding(form, errors, set);

  function next(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    if (step === 0) {
      const errs = fieldErrors(companyStep.safeParse(form));
      setErrors(errs);
      if (Object.keys(errs).length === 0) setStep(1);
      return;
    }
    if (step === 1) {
      const errs = fieldErrors(adminStep.safeParse(form));
      if (!errs.password && form.password !== form.confirmPassword) errs.confirmPassword = MESSAGES.passwordsDiffer;
      setErrors(errs);
      if (Object.keys(errs).length === 0) setStep(2);
      return;
    }
    void create();
  }

  async function create() {
    try {
      const { confirmPassword: _unused, ...input } = form;
      const res = await signup.mutateAsync(input);
      if (res.status === 'check-inbox') {
        setSent(res.message);
        return;
      }
      // A server with e-mail switched off signs the new owner in at once.
      resetSessionCache();
      await navigate({ to: '/signup-success' });
    } catch (err) {
      const message = errorMessage(err, 'Failed to create account. Please try again.');
      setServerError(message);
      // Send the person back to the step whose field is at fault.
      if (message === MESSAGES.companyTaken) setStep(0);
      if (message === MESSAGES.emailTaken) setStep(1);
    }
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
            No card needed. Set up your company and admin account in three steps.
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
          {sent ? (
            <CheckInbox
              message={sent}
              sending={signup.isPending}
              onSendAgain={() => void create()}
              onChangeEmail={() => {
                setSent(null);
                setStep(1);
              }}
            />
          ) : (
            <form onSubmit={next} className="mt-6 space-y-4" noValidate>
              <h2 className="text-lg font-semibold">{STEPS[step]}</h2>
              {step === 0 && (
                <>
                  <TextField label="Company Name" autoComplete="organization" {...field('companyName')} />
                  <TextField label="Company Domain" placeholder="example.co.uk" {...field('companyDomain')} />
                </>
              )}
              {step === 1 && (
                <>
                  <TextField label="Full Name" autoComplete="name" {...field('fullName')} />
                  <TextField label="Admin Email" type="email" autoComplete="email" {...field('email')} />
                  <NewPasswordFields
                    hint="At least 8 characters with uppercase, lowercase, a number and a special character."
                    password={field('password')}
                    confirm={field('confirmPassword')}
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
                  onClick={() => setStep((s) => s - 1)}
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
        </Card>
      </div>
    </div>
  );
}
