import { addDays } from '@pippitch/shared/time';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { StrokeIcon } from './Icon';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

// Calendar dates are plain 'YYYY-MM-DD' strings; Intl only names them (in UTC, so no zone can shift a day).
const monthTitle = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

interface Cell {
  key: string;
  date: string | null;
}

/** The month's days in Monday-first weeks, null for the blanks before the 1st and after the last day. */
function weeksOf(month: string): Cell[][] {
  const first = `${month}-01`;
  const lead = (new Date(utcOf(first)).getUTCDay() + 6) % 7;
  const cells: Cell[] = Array.from({ length: lead }, (_, i) => ({ key: `before-${i}`, date: null }));
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) cells.push({ key: d, date: d });
  while (cells.length % 7) cells.push({ key: `after-${cells.length}`, date: null });
  const weeks: Cell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const ARROWS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month calendar (Monday first) for one date in [min, max]; days outside are disabled. Arrow keys move
 * between days, crossing into the next or previous month.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  min,
  max,
}: {
  month: string;
  onMonthChange(month: string): void;
  selected: string | null;
  onSelect(date: string): void;
  min: string;
  max: string;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const inRange = (d: string) => d >= min && d <= max;
  const weeks = weeksOf(month);
  const days = weeks.flatMap((week) => week.flatMap((c) => (c.date ? [c.date] : [])));
  // One day in the month takes Tab (roving focus); the arrow keys move from there.
  const tabStop =
    [focusTarget, selected].find((d) => d && monthOf(d) === month && inRange(d)) ?? days.find(inRange) ?? null;

  useEffect(() => {
    if (focusTarget) grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focusTarget}"]`)?.focus();
  }, [focusTarget]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, date: string) {
    const step = ARROWS[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = addDays(date, step);
    if (!inRange(next)) return;
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
    setFocusTarget(next);
  }

  const canGoBack = `${month}-01` > min;
  const canGoForward = `${shiftMonth(month, 1)}-01` <= max;
  return (
    <div className="w-full max-w-sm">
      <div className="mb-2 flex items-center justify-between">
        <MonthButton label="Previous month" disabled={!canGoBack} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <path d="M12.5 15l-5-5 5-5" />
        </MonthButton>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {monthTitle.format(utcOf(`${month}-01`))}
        </p>
        <MonthButton label="Next month" disabled={!canGoForward} onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <path d="M7.5 5l5 5-5 5" />
        </MonthButton>
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse text-center text-sm">
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) => {
                if (!date) return <td key={key} />;
                const enabled = inRange(date);
                const isSelected = date === selected;
                return (
                  <td key={date} className="p-0.5">
                    <button
                      type="button"
                      data-date={date}
                      aria-label={dayName.format(utcOf(date))}
                      aria-pressed={isSelected}
                      disabled={!enabled}
                      tabIndex={date === tabStop ? 0 : -1}
                      onClick={() => {
                        setFocusTarget(date);
                        onSelect(date);
                      }}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={`h-10 w-full rounded-lg tabular-nums ${
                        isSelected
                          ? 'bg-brand-700 font-semibold text-white'
                          : enabled
                            ? 'text-slate-800 hover:bg-brand-50'
                            : 'cursor-not-allowed text-slate-300 line-through decoration-slate-200'
                      }`}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MonthButton(props: { label: string; disabled: boolean; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-30"
    >
      <StrokeIcon viewBox="0 0 20 20">{props.children}</StrokeIcon>
    </button>
  );
}
