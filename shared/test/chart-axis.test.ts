import { describe, expect, it } from 'vitest';
import { axisDate, spansYears } from '../src/chart-axis';

describe('the pack chart date axis (page and PDF)', () => {
  it('labels London dates, with the year only when the trades span years', () => {
    // 23:30 UTC on 31 Oct 2025 is 31 Oct in London (GMT); 23:30 UTC on 31 May is 1 Jun in London (BST).
    expect(axisDate(Date.UTC(2025, 9, 31, 23, 30), false)).toBe('31 Oct');
    expect(axisDate(Date.UTC(2025, 4, 31, 23, 30), false)).toBe('1 Jun');
    expect(axisDate(Date.UTC(2025, 9, 31, 12), true)).toBe('31 Oct 2025');
    expect(spansYears([Date.UTC(2025, 11, 30), Date.UTC(2025, 11, 31)])).toBe(false);
    expect(spansYears([Date.UTC(2025, 11, 31), Date.UTC(2026, 0, 2)])).toBe(true);
  });
});
