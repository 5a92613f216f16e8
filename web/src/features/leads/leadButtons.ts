/** Compact buttons for the leads' toolbar and pager (the shared Button's padding is for forms). */
export const SMALL = {
  ghost:
    'rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-white disabled:text-slate-400 sm:text-sm',
  primary: 'whitespace-nowrap rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800',
  danger: 'rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700',
  secondary:
    'rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
} as const;
