/**
 * Route search params, read the same way on every route (TanStack Router's `validateSearch`). One reader per
 * key turns what the URL holds into the value the page uses, or undefined for anything else: a key read as
 * undefined is left out, so a page never sees a malformed value and never needs to check one again.
 *
 * Why not zod here (design.md prefers it for inputs): route definitions load with the router, inside the
 * calculator's initial JavaScript, which sits at its 150 KB gzip budget; zod there would cost more than the whole
 * headroom (docs/decisions.md, 'Route search params').
 */
import { isIsoDate } from '@pippitch/shared/iso-date';

type Reader<T> = (value: unknown) => T | undefined;
type Readers = Record<string, (value: unknown) => unknown>;
type Optional<S extends Readers> = {
  [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: Exclude<ReturnType<S[K]>, undefined>;
};
type Required<S extends Readers> = {
  [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]>;
};
export type SearchOf<S extends Readers> = Optional<S> & Required<S>;

/** `validateSearch` for a route: each key read by its reader; unknown keys dropped. */
export function searchParams<S extends Readers>(readers: S): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(readers)) {
      const value = read(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as SearchOf<S>;
  };
}

/**
 * Text as it was typed. The router parses values that look like JSON (?token=123 arrives as the number 123,
 * ?x=true as true), so numbers and booleans come back as their text; longer than `max` is not a value we sent.
 */
export function text(max = 2000): Reader<string> {
  return (value) => {
    const s = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    return typeof s === 'string' && s.length <= max ? s : undefined;
  };
}

/** One of a fixed list of words. */
export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : undefined);
}

/** A calendar date, YYYY-MM-DD, that exists. */
export const isoDate: Reader<string> = (value) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

/** A flag the app sets itself (?seats_updated=1, ?canceled=true): present only when the URL says so. */
export function flag<const T extends string | number | boolean>(written: T): Reader<T> {
  return (value) => (String(value) === String(written) ? written : undefined);
}

/** A reader that always gives a value: `fallback` when the URL has none or a bad one. */
export function withDefault<T>(read: Reader<T>, fallback: T): (value: unknown) => T {
  return (value) => read(value) ?? fallback;
}
