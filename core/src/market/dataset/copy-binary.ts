// Rows for `COPY fx_minute_bars (pair, ts, open, high, low, close, source) FROM STDIN (FORMAT binary)`.
// The binary format skips number → text → number round trips on both sides (the first load writes millions of
// rows), and a float8 travels as its exact 8 bytes, so the fix-minute closes arrive bit for bit.
// Layout (PostgreSQL docs, "COPY … Binary Format"): signature + flags + extension length, then per row a 16-bit
// field count and per field a 32-bit length and the value in network byte order, then a -1 trailer.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** PostgreSQL timestamps count microseconds from 2000-01-01 00:00 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_POW_32 = 4294967296;
const FIELDS = 7;

export const BAR_COPY_SQL = 'COPY fx_minute_bars (pair, ts, open, high, low, close, source) FROM STDIN (FORMAT binary)';

export function copyHeader(): Buffer {
  const header = Buffer.alloc(SIGNATURE.length + 8);
  SIGNATURE.copy(header, 0);
  return header; // flags and header-extension length are both zero
}

export function copyTrailer(): Buffer {
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return trailer;
}

/** Packs bar rows into buffers of about `chunkBytes`; `take()` hands over what is packed so far. */
export class BarRowPacker {
  private buf: Buffer;
  private pos = 0;
  private readonly pairBytes: Buffer;
  private readonly sourceBytes: Buffer;
  private readonly rowBytes: number;

  constructor(pair: string, source: string, chunkBytes = 1 << 16) {
    this.pairBytes = Buffer.from(pair, 'utf8');
    this.sourceBytes = Buffer.from(source, 'utf8');
    this.rowBytes = 2 + 4 + this.pairBytes.length + 12 + 4 * 12 + 4 + this.sourceBytes.length;
    this.buf = Buffer.allocUnsafe(Math.max(chunkBytes, this.rowBytes));
  }

  get size(): number {
    return this.pos;
  }

  /** Room left for another row without growing. */
  get full(): boolean {
    return this.pos + this.rowBytes > this.buf.length;
  }

  row(tsMs: number, open: number, high: number, low: number, close: number): void {
    if (this.full) this.grow();
    const b = this.buf;
    let p = this.pos;
    b.writeInt16BE(FIELDS, p);
    p += 2;
    b.writeInt32BE(this.pairBytes.length, p);
    p += 4;
    this.pairBytes.copy(b, p);
    p += this.pairBytes.length;
    // Microseconds since 2000 stay below 2^53 for millennia, so plain doubles split them exactly.
    const micros = (tsMs - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(micros / TWO_POW_32);
    b.writeInt32BE(8, p);
    b.writeInt32BE(hi, p + 4);
    b.writeUInt32BE(micros - hi * TWO_POW_32, p + 8);
    p += 12;
    p = float8(b, p, open);
    p = float8(b, p, high);
    p = float8(b, p, low);
    p = float8(b, p, close);
    b.writeInt32BE(this.sourceBytes.length, p);
    p += 4;
    this.sourceBytes.copy(b, p);
    p += this.sourceBytes.length;
    this.pos = p;
  }

  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.pos = 0;
    return out;
  }

  private grow(): void {
    const bigger = Buffer.allocUnsafe(this.buf.length * 2);
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }
}

/** One float8 field (length, then the IEEE bytes); returns the next write position. */
function float8(b: Buffer, p: number, v: number): number {
  b.writeInt32BE(8, p);
  b.writeDoubleBE(v, p + 4);
  return p + 12;
}
