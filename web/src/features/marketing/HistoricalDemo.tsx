import { PRICE_SOURCE_LABELS } from '@pippitch/shared/sources';
import { formatLondonDateTime, londonDateOf } from '@pippitch/shared/time';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MonthCalendar, monthOf } from '../../components/MonthCalendar';
import { TimeframeButtons } from '../../components/TimeframeButtons';
import { DEMO_RANGE, DEMO_SAMPLE } from './demo-sample';

// The read-only historical rates demo (spec §2 Landing page): GBP/USD over a month at 30-minute points, the date and
// time search shown but disabled, and the product's calendar limits. The series is the bundled data set's own
// (ECB reference rates with simulated intraday movement), so its badge says exactly that.
const DemoChart = lazy(() => import('./DemoChart'));

/** Mounts its children once the element is within a screen of the viewport. */
function useNear<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export function HistoricalDemo() {
  const [chartRef, near] = useNear<HTMLElement>();
  const sampleDate = londonDateOf(new Date(DEMO_SAMPLE.at));
  const [month, setMonth] = useState(monthOf(sampleDate));
  const [selected, setSelected] = useState(sampleDate);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">Historical Exchange Rates</h3>
        <div className="flex flex-wrap gap-2 text-xs font-medium">
          <span className="rounded-full bg-blue-50 px-2.5 py-1 text-blue-800">{PRICE_SOURCE_LABELS.ecb_sim}</span>
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">30-minute precision</span>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label className="text-sm">
          <span className="mr-2 font-medium text-slate-700">Currency pair</span>
          <select disabled className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm" value="GBPUSD">
            <option value="GBPUSD">GBP/USD</option>
          </select>
        </label>
        <TimeframeButtons
          value="1M"
          className="flex gap-1"
          buttonClass={(pressed) =>
            `rounded-lg px-3 py-1.5 text-sm font-semibold ${pressed ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-500'}`
          }
        />
      </div>
      <figure
        ref={chartRef}
        className="mt-4 h-[250px] md:h-[350px]"
        aria-label="GBP/USD over one month, 30-minute points"
      >
        {near ? (
          <Suspense fallback={<p className="pt-24 text-center text-sm text-slate-500">Loading chart data...</p>}>
            <DemoChart height={typeof window !== 'undefined' && window.innerWidth < 768 ? 250 : 350} />
          </Suspense>
        ) : (
          <p className="pt-24 text-center text-sm text-slate-500">Loading chart data...</p>
        )}
      </figure>
      <div className="mt-5 grid gap-5 border-t border-slate-100 pt-5 md:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-semibold text-slate-800">Date/Time Search</p>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelect={setSelected}
            min={DEMO_RANGE.min}
            max={DEMO_RANGE.max}
          />
          <p className="mt-2 text-xs text-slate-500">Historical data available from 1 Oct 2024 to 26 Oct 2025</p>
        </div>
        <div className="space-y-3 text-sm">
          <label className="block">
            <span className="font-medium text-slate-700">Time (24-hour format)</span>
            <input
              disabled
              value="12:07"
              readOnly
              className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2"
            />
          </label>
          <button
            type="button"
            disabled
            className="w-full rounded-lg bg-slate-300 px-4 py-2.5 font-semibold text-slate-600"
          >
            Find Rate
          </button>
          <div className="rounded-lg bg-green-50 p-3">
            <p className="text-green-900">
              Rate Found: <strong className="text-lg">{DEMO_SAMPLE.rate}</strong>
            </p>
            <p className="text-xs text-green-800">
              GBP/USD at {formatLondonDateTime(new Date(DEMO_SAMPLE.at))} (London)
            </p>
          </div>
          <p className="text-xs text-slate-500">Demo: sign in to search any minute since 30 Sep 2024.</p>
        </div>
      </div>
    </div>
  );
}
