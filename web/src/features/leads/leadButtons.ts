import { buttonClass } from '../../components/ui';

/** Compact buttons for the leads' toolbar and pager (the shared Button's padding is for forms). */
export const SMALL = {
  ghost:
    'rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-white disabled:text-slate-400 sm:text-sm',
  primary: `whitespace-nowrap ${buttonClass('primary', 'sm')}`,
  danger: buttonClass('danger', 'sm'),
  secondary: buttonClass('secondary', 'sm'),
} as const;
