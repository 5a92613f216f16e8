import { describe, expect, it } from 'vitest';
import { encodeLiveMessage, type LiveQuote, parseLiveMessage } from '../src/live-socket';

const quote: LiveQuote = {
  pair: 'GBPUSD',
  bid: 1.2734,
  ask: 1.2736,
  mid: 1.2735,
  timestamp: 1_764_000_000_000,
  source: 'simulated',
};

describe('the live message reader', () => {
  it('reads what the server encodes, with or without the fallback error', () => {
    const fallback: LiveQuote = { ...quote, pair: 'GBPEUR', source: 'fallback', error: 'Feed unavailable' };
    expect(parseLiveMessage(encodeLiveMessage([quote, fallback]))).toEqual([quote, fallback]);
    expect(parseLiveMessage('[]')).toEqual([]);
  });

  it('refuses anything that is not the contract', () => {
    for (const bad of [
      '{}',
      'not json',
      JSON.stringify([{ ...quote, pair: 'XXXYYY' }]),
      JSON.stringify([{ ...quote, mid: 0 }]),
      JSON.stringify([{ ...quote, bid: '1.27' }]),
      JSON.stringify([{ ...quote, source: 'made-up' }]),
      JSON.stringify([{ ...quote, timestamp: null }]),
      JSON.stringify([{ ...quote, error: 42 }]),
      JSON.stringify([quote, null]),
    ]) {
      expect(() => parseLiveMessage(bad), bad).toThrow();
    }
  });

  it('keeps only the contract’s fields', () => {
    const [read] = parseLiveMessage(JSON.stringify([{ ...quote, extra: 'x' }]));
    expect(read).toEqual(quote);
  });
});
