import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isClientAbort } from '../src/api/http/client-abort';

const request = (raw: { aborted?: boolean; socket?: { destroyed: boolean } }) =>
  ({ raw: { aborted: false, socket: { destroyed: false }, ...raw } }) as unknown as FastifyRequest;

describe('a client going away', () => {
  it('is told apart from a fault: an aborted request, or a premature close of the answer', () => {
    expect(isClientAbort(new Error('boom'), request({ aborted: true }))).toBe(true);
    expect(isClientAbort(new Error('boom'), request({ socket: { destroyed: true } }))).toBe(true);
    const premature = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(isClientAbort(premature, request({}))).toBe(true);
    expect(isClientAbort(new Error('wrapped', { cause: premature }), request({}))).toBe(true);
  });

  it('is not a real fault of a live request', () => {
    expect(isClientAbort(new Error('relation "x" does not exist'), request({}))).toBe(false);
    expect(isClientAbort(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }), request({}))).toBe(false);
  });
});
