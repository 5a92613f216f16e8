import { describe, expect, it } from 'vitest';
import { closedMarketLine, isMarketOpen, marketClosedNote, marketReopensAt } from '../src/fx-week';

// Issue 31 §2: the FX week in London time, with the clock injected: GMT and both BST changes.
const at = (iso: string) => new Date(iso);

describe('the FX week in London time', () => {
  it('is closed on a Saturday and says when it reopens', () => {
    expect(isMarketOpen(at('2026-11-28T10:30:00Z'))).toBe(false);
    expect(marketClosedNote(at('2026-11-28T10:30:00Z'))).toBe('Market closed — reopens Sunday 22:00 London');
    expect(marketReopensAt(at('2026-11-28T10:30:00Z'))?.toISOString()).toBe('2026-11-29T22:00:00.000Z');
  });

  it('opens at 22:00 London on Sunday: 21:59 closed, 22:00 open (GMT)', () => {
    expect(isMarketOpen(at('2026-11-29T21:59:00Z'))).toBe(false);
    expect(isMarketOpen(at('2026-11-29T22:00:00Z'))).toBe(true);
    expect(marketClosedNote(at('2026-11-29T22:00:00Z'))).toBeNull();
  });

  it('closes at 22:00 London on Friday', () => {
    expect(isMarketOpen(at('2026-11-27T21:59:59Z'))).toBe(true);
    expect(isMarketOpen(at('2026-11-27T22:00:00Z'))).toBe(false);
  });

  it('keeps to the London wall clock in BST: 22:00 BST is 21:00 UTC', () => {
    // Sunday 29 March 2026, the clocks went forward at 01:00 UTC that morning.
    expect(isMarketOpen(at('2026-03-29T20:59:00Z'))).toBe(false);
    expect(isMarketOpen(at('2026-03-29T21:00:00Z'))).toBe(true);
    expect(marketReopensAt(at('2026-03-28T12:00:00Z'))?.toISOString()).toBe('2026-03-29T21:00:00.000Z');
    // Friday 23 October 2026 (BST) closes at 21:00 UTC; Sunday 25 October (GMT again) opens at 22:00 UTC.
    expect(isMarketOpen(at('2026-10-23T20:59:00Z'))).toBe(true);
    expect(isMarketOpen(at('2026-10-23T21:00:00Z'))).toBe(false);
    expect(marketReopensAt(at('2026-10-24T12:00:00Z'))?.toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('is closed on 25 December and 1 January until 22:00, from 22:00 the evening before', () => {
    expect(isMarketOpen(at('2025-12-24T21:59:00Z'))).toBe(true);
    expect(isMarketOpen(at('2025-12-24T22:00:00Z'))).toBe(false);
    expect(marketClosedNote(at('2025-12-25T11:00:00Z'))).toBe('Market closed — reopens Thursday 22:00 London');
    expect(isMarketOpen(at('2025-12-25T22:00:00Z'))).toBe(true);
    expect(marketClosedNote(at('2026-01-01T09:00:00Z'))).toBe('Market closed — reopens Thursday 22:00 London');
  });

  it("gives the last price's date and time with the reopening", () => {
    expect(closedMarketLine(at('2026-11-27T21:59:45Z'), at('2026-11-28T10:30:00Z'))).toBe(
      'last price 27 Nov 2026, 21:59:45 London · Market closed — reopens Sunday 22:00 London',
    );
    expect(closedMarketLine(at('2026-11-27T21:59:45Z'), at('2026-11-27T21:59:50Z'))).toBeNull();
  });
});
