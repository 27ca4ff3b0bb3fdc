// The cap on a request's body. Hono's bodyLimit() first reads `c.req.raw.body`, and under
// @hono/node-server that builds a whole WHATWG Request over Node's request (an undici Request and
// a web stream): 9 % of a cached search's CPU (decision 071). A body that declares its length (what
// browsers and phones send) is judged by the header alone, and the handler then reads it straight
// from Node's request; only a chunked body, whose size is known only by reading it, goes through
// Hono's counting reader.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './send-json';

export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c: Context, next: Next) => {
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      // Node's parser has already refused a Content-Length that is not a number.
      return Number(length) > maxSize ? onError(c) : next();
    }
    return counted(c, next);
  };
}
