/**
 * The pack chart's date axis, the same on the page (web PackChart, ECharts) and in the PDF (server pdf/scatter.ts):
 * London dates, '3 Nov', with the year ('3 Nov 2025') when the trades span more than one calendar year.
 */
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** An axis label: the London date of the instant. */
export function axisDate(ms: number, withYear: boolean): string {
  return (withYear ? DAY_MONTH_YEAR : DAY_MONTH).format(new Date(ms));
}

/** Whether instants fall in more than one calendar year (the labels then carry it). */
export function spansYears(times: readonly number[]): boolean {
  return new Set(times.map((t) => new Date(t).getUTCFullYear())).size > 1;
}
