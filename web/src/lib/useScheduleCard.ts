import { type Cadence, describeCadence, SCHEDULE_DEFAULTS } from '@pippitch/shared/schedules';
import { type FormEvent, useState } from 'react';
import { errorMessage } from './failure';

type Frequency = Cadence['frequency'];

/** Each schedule card's own words (spec §4 Schedules): what was saved, what a failure says. */
export interface ScheduleWords {
  /** 'Export schedule saved' — the cadence and '(London time)' follow. */
  saved: string;
  disabled: string;
  saveFailed: string;
  createFailed(message: string): string;
  updateFailed(message: string): string;
  retry: string;
}

export type ScheduleMessage = { tone: 'success' | 'error'; text: string };

/**
 * The dashboard's schedule cards (Salesforce export, monthly report) behave alike: a summary with Edit / Set
 * Schedule and Disable, a form of day and London hour prefilled from the schedule in force, saved or disabled
 * with a message either way. This holds that behaviour; each card keeps its own fields and words.
 */
export function useScheduleCard(opts: {
  current: Cadence | null;
  active: boolean;
  save(cadence: Cadence): Promise<unknown>;
  disable(): Promise<unknown>;
  words: ScheduleWords;
}) {
  const { words } = opts;
  const [editing, setEditing] = useState(false);
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [dayOfWeek, setDayOfWeek] = useState<number>(SCHEDULE_DEFAULTS.dayOfWeek);
  const [dayOfMonth, setDayOfMonth] = useState<number>(SCHEDULE_DEFAULTS.dayOfMonth);
  const [hour, setHour] = useState<number>(SCHEDULE_DEFAULTS.hour);
  const [message, setMessage] = useState<ScheduleMessage | null>(null);

  function openForm() {
    const c = opts.current;
    if (c) {
      setFrequency(c.frequency);
      setHour(c.hour);
      if (c.frequency === 'weekly') setDayOfWeek(c.dayOfWeek);
      else setDayOfMonth(c.dayOfMonth);
    }
    setMessage(null);
    setEditing(true);
  }

  /** Saves `frequency`'s cadence (a card offering one frequency passes it). */
  async function submit(e: FormEvent, only?: Frequency) {
    e.preventDefault();
    const f = only ?? frequency;
    const cadence: Cadence = f === 'weekly' ? { frequency: f, dayOfWeek, hour } : { frequency: f, dayOfMonth, hour };
    const creating = !opts.active;
    try {
      await opts.save(cadence);
      setEditing(false);
      setMessage({ tone: 'success', text: `${words.saved}: ${describeCadence(cadence)} (London time)` });
    } catch (err) {
      const msg = errorMessage(err, words.saveFailed);
      setMessage({ tone: 'error', text: creating ? words.createFailed(msg) : words.updateFailed(msg) });
    }
  }

  /** Runs one of the card's actions, saying `done` when it has, or `failed(why)`. */
  async function act(action: () => Promise<unknown>, done: string, failed: (message: string) => string) {
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'success', text: done });
    } catch (err) {
      setMessage({ tone: 'error', text: failed(errorMessage(err, words.retry)) });
    }
  }

  const turnOff = () => act(opts.disable, words.disabled, words.updateFailed);

  return {
    editing,
    cancel: () => setEditing(false),
    openForm,
    submit,
    turnOff,
    act,
    message,
    fields: { frequency, setFrequency, dayOfWeek, setDayOfWeek, dayOfMonth, setDayOfMonth, hour, setHour },
  };
}
