import { TRIAL_DAYS } from '@pippitch/shared/pricing';
import { Alert, Button } from '../../components/ui';

/**
 * The signup wizard's last word: the link is in the inbox (verify-first signup). The same words whether or not
 * the address already had an account; the e-mail says which.
 */
export function CheckInbox(props: {
  message: string;
  /** False on a server with e-mail switched off: nothing is on its way, so nothing to send again. */
  emailed: boolean;
  sending: boolean;
  onSendAgain: () => void;
  onChangeEmail: () => void;
}) {
  return (
    <div className="mt-6 space-y-4" aria-live="polite">
      <h2 className="text-lg font-semibold" tabIndex={-1}>
        {props.emailed ? 'Check your inbox' : 'No e-mail is sent from this server'}
      </h2>
      <Alert tone={props.emailed ? 'success' : 'info'}>{props.message}</Alert>
      <p className="text-sm text-slate-600">
        On the link's page you choose your password and confirm your company's name. Nothing is created until then, and
        your trial's {TRIAL_DAYS} days start at that moment.
        {props.emailed &&
          ' No e-mail after a few minutes? Look in your spam folder, or send the link again: every link we send works until one of them is used.'}
      </p>
      <div className="flex flex-wrap justify-between gap-3 pt-2">
        <Button variant="secondary" onClick={props.onChangeEmail} disabled={props.sending}>
          Use a different e-mail
        </Button>
        {props.emailed && (
          <Button onClick={props.onSendAgain} disabled={props.sending}>
            {props.sending ? 'Sending...' : 'Send the link again'}
          </Button>
        )}
      </div>
    </div>
  );
}
