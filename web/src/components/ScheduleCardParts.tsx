import { type FormEvent, type ReactNode, useId } from 'react';
import { Alert, Button, Card } from './ui';

/** A dashboard schedule card: its heading, what it does (`subtitle`), something at the top right (`aside`). */
export function ScheduleCard(props: { title: string; subtitle: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {props.title}
            </h2>
            <p className="text-sm text-slate-600">{props.subtitle}</p>
          </div>
          {props.aside}
        </div>
        {props.children}
      </Card>
    </section>
  );
}

/** The card's message after a save, a disable or a test: one place, the same look on both schedule cards. */
export function ScheduleNotice({ message }: { message: { tone: 'success' | 'error'; text: string } | null }) {
  if (!message) return null;
  return (
    <div className="mt-3">
      <Alert tone={message.tone}>{message.text}</Alert>
    </div>
  );
}

/**
 * A schedule's summary: 'Active' with its cadence and next run (`activeText`, `nextRun`), or why there is none
 * (`idleText`); Edit / Set Schedule and, while active, Disable.
 */
export function ScheduleSummary(props: {
  active: boolean;
  activeText?: ReactNode;
  nextRun?: ReactNode;
  idleText: ReactNode;
  onEdit(): void;
  onDisable(): void;
  disabling: boolean;
}) {
  const { active } = props;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4">
      {active ? (
        <div>
          <p className="font-medium">
            <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              Active
            </span>
            {props.activeText} (London time)
          </p>
          {props.nextRun && <p className="text-sm text-slate-600">{props.nextRun}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{props.idleText}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant={active ? 'secondary' : 'primary'} onClick={props.onEdit}>
          {active ? 'Edit' : 'Set Schedule'}
        </Button>
        {active && (
          <Button variant="ghost" onClick={props.onDisable} disabled={props.disabling}>
            {props.disabling ? 'Disabling...' : 'Disable'}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The schedule form: anything above the day and hour (`above`, the export's frequency), the day and hour pickers
 * (`children`), the note on what each run covers, and Cancel / Save Schedule.
 */
export function ScheduleForm(props: {
  onSubmit(e: FormEvent): void;
  above?: ReactNode;
  children: ReactNode;
  note: string;
  onCancel(): void;
  saving: boolean;
}) {
  return (
    <form onSubmit={props.onSubmit} className="mt-4 space-y-4 rounded-lg border border-slate-200 p-4">
      {props.above}
      <div className="grid gap-3 sm:grid-cols-2">{props.children}</div>
      <p className="text-xs text-slate-500">{props.note}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.saving}>
          {props.saving ? 'Saving...' : 'Save Schedule'}
        </Button>
      </div>
    </form>
  );
}
