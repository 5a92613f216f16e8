import { formatHour, WEEKDAY_LABELS } from '@pippitch/shared/schedules';
import { FIELD_CONTROL, Field, Options } from './Field';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DAYS_OF_MONTH = Array.from({ length: 28 }, (_, i) => i + 1);
const WEEKDAYS = [1, 2, 3, 4, 5];

/** A labelled select of numbers (the schedules' day and hour pickers: spec §5 bounds, nothing else offered). */
function NumberSelect({
  label,
  value,
  options,
  text,
  onChange,
}: {
  label: string;
  value: number;
  options: number[];
  text(n: number): string;
  onChange(n: number): void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className={FIELD_CONTROL} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          <Options values={options} text={text} />
        </select>
      )}
    </Field>
  );
}

/** Day of the month, 1–28 (every month has them). */
export function DayOfMonthSelect(props: { value: number; onChange(n: number): void }) {
  return <NumberSelect label="Day of month" options={DAYS_OF_MONTH} text={String} {...props} />;
}

/** Monday to Friday. */
export function WeekdaySelect(props: { value: number; onChange(n: number): void }) {
  return <NumberSelect label="Day" options={WEEKDAYS} text={(n) => WEEKDAY_LABELS[n] ?? ''} {...props} />;
}

/** 00:00–23:00, London time. */
export function HourSelect(props: { value: number; onChange(n: number): void }) {
  return <NumberSelect label="Time (London)" options={HOURS} text={formatHour} {...props} />;
}
