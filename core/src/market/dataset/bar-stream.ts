import { timeOfIndex } from './calendar';
import { BarRowPacker, copyHeader, copyTrailer } from './copy-binary';
import type { PathModel } from './model';
import { anyPairOhlc } from './pairs';

/** Trading minutes generated per chunk handed to COPY: one market day, ~120 kB of rows. */
const CHUNK_MINUTES = 1440;

/**
 * The binary COPY stream of `pair`'s bars for trading minutes from ≤ k < to, as buffers of about a day each.
 * `onProgress` gets the fraction done after each chunk. Generation is lazy, so COPY's backpressure paces it.
 */
export function* barCopyChunks(
  model: PathModel,
  /** The model's seed (the ECB-anchored currencies' wobble is seeded with it too). */
  seed: string | number,
  /** One of the six, or any pair the market quotes whose currencies the bundled ECB file has (issue 34). */
  pair: string,
  from: number,
  to: number,
  onProgress: (done: number) => void = () => {},
): Generator<Buffer> {
  yield copyHeader();
  const packer = new BarRowPacker(pair, 'ecb_sim', 128 * 1024);
  const ohlc = new Float64Array(4);
  for (let a = from; a < to; a += CHUNK_MINUTES) {
    const b = Math.min(to, a + CHUNK_MINUTES);
    model.forEachMinute(a, b, (k, ticks) => {
      anyPairOhlc(seed, pair, k, ticks, ohlc);
      packer.row(timeOfIndex(k), ohlc[0]!, ohlc[1]!, ohlc[2]!, ohlc[3]!);
    });
    if (packer.size > 0) yield packer.take();
    onProgress((b - from) / (to - from));
  }
  yield copyTrailer();
}
