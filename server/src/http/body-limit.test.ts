// The body cap through a real Node server (@hono/node-server), where the declared-length path
// matters: a body that says its length is judged by the header without the adapter building a
// WHATWG Request; a chunked one is counted as it arrives.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitBody } from './body-limit';

let server: ServerType;
let port = 0;
let bodyGetterReads = 0;

beforeAll(async () => {
  const app = new Hono();
  app.use('*', async (c, next) => {
    // Counts reads of `raw.body`, the getter that makes the adapter build a whole Request.
    const raw = c.req.raw;
    const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(raw), 'body')?.get;
    if (getter) Object.defineProperty(raw, 'body', { get: () => (bodyGetterReads++, getter.call(raw)) });
    await next();
  });
  app.post('/echo', limitBody(100, (c) => c.text('too large', 400)), async (c) => c.text(`read ${(await c.req.text()).length}`));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
  port ||= (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `parts` one write each; with `chunked` no Content-Length is declared. */
function post(parts: string[], chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const total = parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
    const req = httpRequest({ host: '127.0.0.1', port, path: '/echo', method: 'POST', headers: chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe('limitBody', () => {
  it('lets a body within its declared length through, read without building a Request', async () => {
    bodyGetterReads = 0;
    expect(await post(['x'.repeat(100)], false)).toEqual({ status: 200, text: 'read 100' });
    expect(bodyGetterReads).toBe(0);
  });

  it('refuses a declared length over the cap before reading it', async () => {
    expect(await post(['x'.repeat(101)], false)).toEqual({ status: 400, text: 'too large' });
  });

  it('counts a chunked body: within the cap it is read, over it refused', async () => {
    expect(await post(['x'.repeat(60), 'y'.repeat(40)], true)).toEqual({ status: 200, text: 'read 100' });
    expect(await post(['x'.repeat(60), 'y'.repeat(41)], true)).toEqual({ status: 400, text: 'too large' });
  });
});
