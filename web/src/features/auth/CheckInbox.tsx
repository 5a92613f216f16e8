import { TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Alert, Button } from '../../components/ui';

/**
 * The signup wizard's last word: the link is in the inbox (verify-first signup). The same words whether or not
 * the address already had an account; the e-mail says which.
 */
export function CheckInbox(props: {
  message: string;
  sending: boolean;
  onSendAgain: () => void;
  onChangeEmail: () => void;
}) {
  return (
    <div className="mt-6 space-y-4" aria-live="polite">
      <h2 className="text-lg font-semibold">Check your inbox</h2>
      <Alert tone="success">{props.message}</Alert>
      <p className="text-sm text-slate-600">
        Nothing is created until you open the link, and your trial's {TRIAL_DAYS} days start then. No e-mail after a few
        minutes? Look in your spam folder, or send the link again (the newest link is the one that works).
      </p>
      <div className="flex flex-wrap justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={props.onChangeEmail} disabled={props.sending}>
          Use a different e-mail
        </Button>
        <Button onClick={props.onSendAgain} disabled={props.sending}>
          {props.sending ? 'Sending...' : 'Send the link again'}
        </Button>
      </div>
    </div>
  );
}
