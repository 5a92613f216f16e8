import { describe, expect, it } from 'vitest';
import { flag, isoDate, oneOf, searchParams, text, withDefault } from '../src/lib/search-params';

describe('route search params', () => {
  it('keep what each reader accepts and drop the rest, unknown keys included', () => {
    const read = searchParams({ view: oneOf(['daily', 'weekly', 'monthly']), date: isoDate });
    expect(read({ view: 'weekly', date: '2026-02-28', other: 'x' })).toEqual({ view: 'weekly', date: '2026-02-28' });
    expect(read({ view: 'yearly', date: '2026-02-30' })).toEqual({});
    expect(read({ view: ['daily'], date: 20260228 })).toEqual({});
  });

  it('read text as it was typed, though the router parsed it as JSON, and refuse the oversized', () => {
    const read = searchParams({ token: text(), redirect: text(10) });
    expect(read({ token: 123456, redirect: '/leads' })).toEqual({ token: '123456', redirect: '/leads' });
    expect(read({ token: true, redirect: '/a-very-long-path' })).toEqual({ token: 'true' });
    expect(read({ token: { a: 1 }, redirect: null })).toEqual({});
  });

  it('set a flag only when the URL carries its value, and give defaults when a value is missing or bad', () => {
    const read = searchParams({ seats_updated: flag(1), canceled: flag(true), lead: withDefault(text(), '') });
    expect(read({ seats_updated: '1', canceled: 'true', lead: 'a1' })).toEqual({
      seats_updated: 1,
      canceled: true,
      lead: 'a1',
    });
    expect(read({ seats_updated: 2, canceled: 'yes', lead: [1] })).toEqual({ lead: '' });
  });
});
