import { formatRate } from '@pippitch/shared/format';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { type PriceSource, simulatedMinuteNote } from '@pippitch/shared/sources';
import { formatIsoDate, formatLondonDateTime, INVALID_TIME_MESSAGE, parseTimeInput } from '@pippitch/shared/time';
import { useEffect, useRef, useState } from 'react';
import { MonthCalendar, monthOf } from '../../components/MonthCalendar';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { LOAD_FAILED_MESSAGE } from './HistoricalChart';

/** The lookup's own validation messages are shown as they are; anything else is prefixed (spec §8). */
const RANGE_MESSAGE = /^Historical data only available from /;
export const DEFAULT_TIME = '09:00';

type Lookup =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; rate: number; at: string; source: PriceSource; minuteSource: string; simulated: boolean }
  | { status: 'not-found'; message: string }
  | { status: 'failed'; message: string; field?: 'time' };

/**
 * Date/Time Search: pick a London calendar day and a time, find the rate at that exact minute and use it.
 */
export function DateTimeSearch({ pair, onUseRate }: { pair: CurrencyPair; onUseRate(rate: string, at: string): void }) {
  const utils = trpc.useUtils();
  const range = trpc.market.calendarRange.useQuery({ pair });
  const [month, setMonth] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState(DEFAULT_TIME);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  // Only the latest search may report back (the pair, day or time may change while one is running).
  const request = useRef(0);
  const result = useRef<HTMLDivElement>(null);
  // On a phone the answer appears below the fold: bring it into view.
  useEffect(() => {
    if (lookup.status === 'found' || lookup.status === 'not-found')
      result.current?.scrollIntoView({ block: 'nearest' });
  }, [lookup.status]);
  const dayHasData = trpc.market.hasData.useQuery({ pair, date: date ?? '' }, { enabled: date !== null });

  const [lastPair, setLastPair] = useState(pair);
  if (lastPair !== pair) {
    setLastPair(pair);
    setLookup({ status: 'idle' });
    request.current++;
  }

  function reset(next: Partial<{ date: string; time: string }>) {
    if (next.date !== undefined) setDate(next.date);
    if (next.time !== undefined) setTime(next.time);
    request.current++;
    setLookup({ status: 'idle' });
  }

  if (range.isPending) return <Spinner label="Loading available dates..." />;
  if (range.isError) return <Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>;
  const { min, max } = range.data;
  const shownMonth = month ?? monthOf(date ?? max);
  const dateInRange = date !== null && date >= min && date <= max;

  async function findRate() {
    if (!date || !dateInRange) return;
    const parsed = parseTimeInput(time);
    if (!parsed.ok) {
      setLookup({ status: 'failed', message: parsed.message, field: 'time' });
      return;
    }
    const id = ++request.current;
    setLookup({ status: 'searching' });
    try {
      const result = await utils.market.rateAt.fetch({ pair, date, time });
      if (id !== request.current) return;
      setLookup(result.found ? { status: 'found', ...result } : { status: 'not-found', message: result.message });
    } catch (err) {
      if (id !== request.current) return;
      const message = errorMessage(err);
      if (message === INVALID_TIME_MESSAGE) setLookup({ status: 'failed', message, field: 'time' });
      else if (RANGE_MESSAGE.test(message)) setLookup({ status: 'failed', message });
      else setLookup({ status: 'failed', message: `Error fetching rate: ${message}` });
    }
  }

  const timeError = lookup.status === 'failed' && lookup.field === 'time' ? lookup.message : undefined;
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Choose a date" className="rounded-xl border border-slate-200 p-3 sm:p-4">
        <MonthCalendar
          month={shownMonth}
          onMonthChange={setMonth}
          selected={date}
          onSelect={(d) => reset({ date: d })}
          min={min}
          max={max}
        />
        <p className="mt-3 text-xs text-slate-600">
          Historical data available from <span className="whitespace-nowrap">{formatIsoDate(min)}</span> to{' '}
          <span className="whitespace-nowrap">{formatIsoDate(max)}</span>
        </p>
      </section>

      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void findRate();
        }}
        noValidate
      >
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <span className="text-slate-600">Selected date: </span>
          <span className="font-semibold text-slate-900">{date ?? 'none — choose a day'}</span>
          {date && dayHasData.data?.hasData === false && (
            <p className="mt-1 text-xs text-amber-800">
              No prices are stored for this day (the FX market closes at weekends).
            </p>
          )}
        </div>
        <TextField
          label="Time (24-hour format)"
          value={time}
          onChange={(e) => reset({ time: e.target.value })}
          inputMode="text"
          autoComplete="off"
          placeholder="09:00"
          error={timeError}
          hint="London time, e.g. 09:00, 14:30 or 9:00 AM"
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={!dateInRange || lookup.status === 'searching'}>
          {lookup.status === 'searching' ? 'Searching...' : 'Find Rate'}
        </Button>

        <div ref={result}>
          {lookup.status === 'found' && (
            <div className="rounded-xl border border-green-200 bg-green-50 p-4" role="status">
              <p className="text-sm font-medium text-green-900">Rate Found:</p>
              <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900">
                {formatRate(lookup.rate, pairInfo(pair).decimals)}
              </p>
              <p className="mt-1 text-xs text-slate-600">
                {formatLondonDateTime(new Date(lookup.at))} London
                {` · ${lookup.minuteSource}`}
              </p>
              {lookup.simulated && (
                <p className="mt-1 text-xs text-amber-800" data-testid="rate-simulated">
                  {simulatedMinuteNote(lookup.source)}
                </p>
              )}
              <Button
                className="mt-3 w-full sm:w-auto"
                onClick={() => onUseRate(formatRate(lookup.rate, pairInfo(pair).decimals), lookup.at)}
              >
                Use This Rate
              </Button>
            </div>
          )}
          {lookup.status === 'not-found' && <Alert tone="warning">{lookup.message}</Alert>}
          {lookup.status === 'failed' && !timeError && <Alert tone="error">{lookup.message}</Alert>}
        </div>
      </form>
    </div>
  );
}
