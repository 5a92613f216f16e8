import { describe, expect, it } from 'vitest';
import { parseThreshold, THRESHOLD_MESSAGE } from '../src/alerts';

describe('the re-pricing threshold as typed (issue 22)', () => {
  it('reads whole percents and refuses decimals, negatives and out-of-range values rather than mangling them', () => {
    expect(parseThreshold('10')).toEqual({ ok: true, value: 10 });
    expect(parseThreshold(' 25 % ')).toEqual({ ok: true, value: 25 });
    for (const bad of ['2.5', '-5', '0', '101', '', 'ten']) {
      expect(parseThreshold(bad)).toEqual({ ok: false, message: THRESHOLD_MESSAGE });
    }
  });
});
