import { encodeLiveMessage, type LiveQuote } from '@pippitch/shared/live-quote';
import WebSocket from 'ws';

export interface LiveFanoutOptions {
  /**
   * A socket holding more than this many bytes not yet written (a consumer that stopped reading) is cut off, so
   * memory never grows with it; its browser reconnects and starts from the snapshot. A healthy browser holds a few
   * kilobytes at most: a batch is a stored pair's quote and the crosses priced from it, each pair every 30 seconds
   * (the snapshot of all 84 catalogue pairs is about 11 kB).
   */
  maxBufferedBytes?: number;
  /** Every socket is pinged this often; one that has not answered the previous ping (a dead peer) is cut off. */
  heartbeatMs?: number;
}

/**
 * The open live-quote sockets of this process, and the one write per socket per batch: a batch is serialised ONCE
 * (one Buffer) and that same Buffer is written to every socket, so the cost per socket is ws's frame header and
 * one socket write — what the benchmark's floor (raw `ws`, one pre-serialised broadcast) costs.
 */
export class LiveFanout {
  private readonly sockets = new Set<WebSocket>();
  /** Sockets pinged whose pong has not come back yet. */
  private readonly unanswered = new Set<WebSocket>();
  private readonly maxBufferedBytes: number;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(options: LiveFanoutOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024;
    this.heartbeat = setInterval(() => this.checkPeers(), options.heartbeatMs ?? 30_000).unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Sends `snapshot` to `socket`, then every batch until the socket closes. */
  add(socket: WebSocket, snapshot: readonly LiveQuote[]): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    this.sockets.add(socket);
    socket.on('close', () => this.forget(socket));
    socket.on('pong', () => this.unanswered.delete(socket));
    if (snapshot.length > 0) this.write(socket, Buffer.from(encodeLiveMessage(snapshot)));
  }

  /** One message with `quotes` to every open socket, serialised once. */
  broadcast(quotes: readonly LiveQuote[]): void {
    if (this.sockets.size === 0) return;
    const frame = Buffer.from(encodeLiveMessage(quotes));
    for (const socket of this.sockets) this.write(socket, frame);
  }

  /** Ends `socket` with `code` and `reason` (the browser acts on the code). */
  close(socket: WebSocket, code: number, reason: string): void {
    this.forget(socket);
    socket.close(code, reason);
  }

  /** Closes every socket (the server is going down) and stops the heartbeat. */
  stop(): void {
    clearInterval(this.heartbeat);
    for (const socket of this.sockets) this.close(socket, 1001, 'Server shutting down');
  }

  private write(socket: WebSocket, frame: Buffer): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.cutOff(socket);
      return;
    }
    // A Buffer is sent as it is (no copy, no re-encoding); `binary: false` keeps it a text frame of JSON.
    socket.send(frame, { binary: false });
  }

  /** The heartbeat's tick: cuts off every socket that has not answered the previous ping, and pings the rest. */
  checkPeers(): void {
    for (const socket of this.sockets) {
      if (this.unanswered.has(socket)) {
        this.cutOff(socket);
        continue;
      }
      this.unanswered.add(socket);
      socket.ping();
    }
  }

  /** Drops the connection at once: a close handshake would wait behind the data the peer is not reading. */
  private cutOff(socket: WebSocket): void {
    this.forget(socket);
    socket.terminate();
  }

  private forget(socket: WebSocket): void {
    this.sockets.delete(socket);
    this.unanswered.delete(socket);
  }
}
