import { Dec } from './decimal';

/**
 * The dashboard's growth text of a figure against the previous period of the same length (spec §9): '0%' when
 * both are zero, 'New' when only the current one is, '-100%' when only the previous one is, else the signed change
 * in percent to one decimal, without a trailing '.0' ('+25%', '-12.5%', '+0.1%'). A change that rounds to zero is
 * '0%' (no sign). Decimal arithmetic, so money figures given as strings never pass through a float; halves round
 * away from zero.
 */
export function growthText(current: string | number, previous: string | number): string {
  const cur = new Dec(current);
  const prev = new Dec(previous);
  if (prev.isZero()) return cur.isZero() ? '0%' : 'New';
  if (cur.isZero()) return '-100%';
  const change = cur.minus(prev).div(prev.abs()).times(100).toDecimalPlaces(1, Dec.ROUND_HALF_UP);
  if (change.isZero()) return '0%';
  const text = change.abs().toFixed(1).replace(/\.0$/, '');
  return `${change.isNegative() ? '-' : '+'}${text}%`;
}

/** Whether a growth text reads as a rise (green), a fall (red) or neither. */
export function growthTone(text: string): 'up' | 'down' | 'flat' {
  if (text === 'New' || text.startsWith('+')) return 'up';
  if (text.startsWith('-')) return 'down';
  return 'flat';
}
