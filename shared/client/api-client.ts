// The one HTTP client both apps use. It adds the bearer token, refreshes once on a 401 and
// retries the call, retries a failed query once (not on 400/401/403/404/405), validates every
// response against the shared contract, and turns failures into ApiError with the spec's texts.
// It is a few lines over fetch, not a library: it sits in the learner app's entry chunk, where
// ky cost ~8 KB gzip of the first route's 150 KB budget (docs/decisions/066).
import * as v from 'valibot';
import { endpointUrl, type BodyOf, type DataOf, type Endpoint, type Envelope, type QueryOf } from '../api/contract';
import { refreshToken, type AppName, type Session } from '../api/authentication';
import { ApiError, NETWORK_ERROR_MESSAGE, SESSION_TIMED_OUT } from './errors';
import { shouldRetryStatus } from './retry-policy';

export interface ApiClientOptions {
  app: AppName;
  /** Origin of the server; empty for same-origin. */
  baseUrl?: string;
  getAccessToken: () => string | null;
  /** True when a session is remembered (profile kept) even if no access token is in memory yet. */
  hasSession?: () => boolean;
  /** Called with the new session after every successful refresh. */
  onSession: (session: Session) => void;
  /** Called once when the refresh is rejected: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
  /** Delay before the single retry of a failed query, ms. */
  retryDelayMs?: number;
  timeoutMs?: number;
}

export interface CallInput<E extends Endpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: Record<string, string | number>;
  /** Files for a multipart (`form`) endpoint, by field name. */
  files?: Record<string, Blob>;
  /** The bytes of a raw-body endpoint (an upload chunk). */
  raw?: Blob;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<DataOf<E>>;
  /** Like call, but resolves with the whole envelope (description included). */
  send<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<Envelope<DataOf<E>>>;
  refresh(): Promise<Session>;
  /**
   * Starts a signed-in GET now, before the screen that needs it has loaded: the screen's own call
   * of the same endpoint, with the same token, within a few seconds, takes this answer instead of
   * asking again. Resolves with the answer's data (null if it failed, or there is no token yet), so
   * the caller can start what the answer names, such as the screen's largest picture.
   */
  prime<E extends Endpoint>(endpoint: E, input?: Pick<CallInput<E>, 'params' | 'query'>): Promise<DataOf<E> | null>;
}

/** How long a primed answer waits for the screen's call; a later call asks the server again. */
export const PRIMED_FOR_MS = 10_000;

function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The endpoint's address with its path parameters filled in, as a call and a primed call both send it. */
function addressOf(endpoint: Endpoint, params?: Record<string, string | number>): string {
  return endpointUrl({ service: endpoint.service, path: fillPath(endpoint.path, params) });
}

function toSearchParams(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(query)) {
    if (val !== undefined && val !== null && val !== '') out[k] = String(val);
  }
  return out;
}

/** A response whose status is not 2xx, with its body (parsed JSON when it is JSON). */
class HttpError extends Error {
  constructor(
    readonly response: Response,
    readonly data: unknown,
  ) {
    super(`Request failed with status ${response.status}`);
  }
}

class TimeoutError extends Error {}

interface RequestOptions {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  json?: unknown;
  searchParams?: Record<string, string>;
  signal?: AbortSignal;
}

/** fetch with a base URL, a timeout, HttpError on a non-2xx status and one retry of a failed GET. */
function createHttp(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = options.baseUrl || (typeof location !== 'undefined' ? location.origin : undefined);
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function once(url: string, request: RequestOptions): Promise<Response> {
    // One signal for the caller's abort and the timeout (AbortSignal.any is too new for some phones).
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError('timed out')), timeoutMs);
    const onAbort = () => timeout.abort(request.signal!.reason);
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const signal = timeout.signal;
    const headers = { ...request.headers };
    let body = request.body;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] = 'application/json';
    }
    try {
      const response = await doFetch(new Request(url, { method: request.method, headers, body, credentials: 'same-origin', signal }));
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let data: unknown = text;
        try {
          data = JSON.parse(text);
        } catch {
          // not JSON: the text itself
        }
        throw new HttpError(response, data);
      }
      return response;
    } catch (error) {
      if (timeout.signal.aborted && !request.signal?.aborted) throw new TimeoutError('timed out');
      throw error;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  const urlOf = (path: string, request: RequestOptions) => {
    const url = new URL(path, base);
    for (const [k, val] of Object.entries(request.searchParams ?? {})) url.searchParams.set(k, val);
    return url.href;
  };
  // One key per GET and token: an answer is only ever handed to a call made with the same token.
  const keyOf = (url: string, request: RequestOptions) => `${url} ${request.headers.authorization ?? ''}`;
  const primed = new Map<string, Promise<Response>>();

  const http = async (path: string, request: RequestOptions): Promise<Response> => {
    const href = urlOf(path, request);
    const key = request.method === 'GET' ? keyOf(href, request) : null;
    const early = key ? primed.get(key) : undefined;
    if (early) {
      primed.delete(key!);
      // A primed call that failed is asked again, as if it had never been made.
      const response = await early.catch(() => null);
      if (response) return response;
    }
    try {
      return await once(href, request);
    } catch (error) {
      // One retry of a query: after a status that may change (not 400/401/403/404/...), or a network failure.
      const retry = request.method === 'GET' && !request.signal?.aborted && (error instanceof HttpError ? shouldRetryStatus(error.response.status) : error instanceof TypeError);
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 500));
      return once(href, request);
    }
  };

  /** Starts a GET whose answer the next identical call takes; resolves with a copy of it to read. */
  http.prime = (path: string, request: RequestOptions): Promise<Response> => {
    const href = urlOf(path, request);
    const key = keyOf(href, request);
    const response = once(href, request);
    primed.set(key, response);
    setTimeout(() => {
      if (primed.get(key) === response) primed.delete(key);
    }, PRIMED_FOR_MS);
    // Copied before anyone else can read it: this handler is the first the promise has.
    return response.then((r) => r.clone());
  };
  return http;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttp(options);

  let refreshing: Promise<Session> | null = null;

  async function rawSend<E extends Endpoint>(endpoint: E, input: CallInput<E>, token: string | null): Promise<Envelope<DataOf<E>>> {
    // No Accept header (every answer is JSON): a public GET then goes out exactly as the
    // server's <link rel="preload" as="fetch"> asked for it, and the browser reuses that answer.
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      const response = await http(addressOf(endpoint, input.params), {
        method: endpoint.method,
        headers,
        ...(endpoint.rawBody
          ? { body: input.raw, headers: { ...headers, 'content-type': 'application/octet-stream' } }
          : endpoint.form
            ? { body: toFormData(input.body, input.files) }
            : endpoint.gzipBody
              ? await maybeGzipJson(input.body, headers)
              : { json: input.body }),
        searchParams: toSearchParams(input.query),
        signal: input.signal,
      });
      const envelope = (await response.json()) as Envelope<unknown>;
      const parsed = v.safeParse(endpoint.data, envelope.data);
      if (!parsed.success) {
        throw new ApiError('invalid-response', 'The server sent a response this app does not understand. Please update the app.', response.status);
      }
      return { ...envelope, data: parsed.output } as Envelope<DataOf<E>>;
    } catch (error) {
      throw await toApiError(error);
    }
  }

  function refresh(): Promise<Session> {
    refreshing ??= rawSend(refreshToken, { body: { app: options.app } }, null)
      .then((envelope) => {
        options.onSession(envelope.data);
        return envelope.data;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          options.onSessionExpired();
          throw new ApiError('session-expired', SESSION_TIMED_OUT, 401, error.code);
        }
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<Envelope<DataOf<E>>> {
    let token = options.getAccessToken();
    // After a reload the access token is gone but the refresh cookie is not: refresh first
    // instead of spending a round trip on a certain 401.
    if (!token && endpoint.access.kind !== 'public' && options.hasSession?.()) token = (await refresh()).accessToken;
    try {
      return await rawSend(endpoint, input, token);
    } catch (error) {
      const retryable = error instanceof ApiError && error.status === 401 && endpoint.access.kind !== 'public';
      if (!retryable) throw error;
      const session = await refresh();
      return rawSend(endpoint, input, session.accessToken);
    }
  }

  async function prime<E extends Endpoint>(endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): Promise<DataOf<E> | null> {
    const token = options.getAccessToken();
    if (endpoint.method !== 'GET' || !token) return null;
    try {
      const response = await http.prime(addressOf(endpoint, input.params), { method: 'GET', headers: { authorization: `Bearer ${token}` }, searchParams: toSearchParams(input.query) });
      const parsed = v.safeParse(endpoint.data, ((await response.json()) as Envelope<unknown>).data);
      return parsed.success ? (parsed.output as DataOf<E>) : null;
    } catch {
      return null;
    }
  }

  return {
    send,
    refresh,
    prime,
    async call(endpoint, input) {
      return (await send(endpoint, input)).data;
    },
  };
}

/** Bodies smaller than this go as they are: gzip's own header and the CPU are not worth it. */
export const GZIP_BODY_MIN_BYTES = 1024;

/**
 * A JSON body, gzipped (Content-Encoding: gzip) when the browser can and it is worth it: the
 * outbox's batches of events are mostly repeated keys and shrink about tenfold on mobile data.
 */
async function maybeGzipJson(body: unknown, headers: Record<string, string>): Promise<{ body: BodyInit; headers: Record<string, string> }> {
  const text = JSON.stringify(body ?? {});
  const json = { ...headers, 'content-type': 'application/json' };
  if (text.length < GZIP_BODY_MIN_BYTES || typeof CompressionStream === 'undefined') return { body: text, headers: json };
  const compressed = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return { body: compressed, headers: { ...json, 'content-encoding': 'gzip' } };
}

/** Multipart body: empty values are left out (the spec's profile update omits them). */
function toFormData(fields: unknown, files: Record<string, Blob> = {}): FormData {
  const form = new FormData();
  if (fields && typeof fields === 'object') {
    for (const [k, val] of Object.entries(fields)) {
      if (val !== undefined && val !== null && val !== '') form.append(k, String(val));
    }
  }
  for (const [k, file] of Object.entries(files)) form.append(k, file);
  return form;
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const body = error.data as Partial<Envelope<unknown>> | string | undefined;
    const envelope = typeof body === 'object' && body ? body : undefined;
    const message = envelope?.description || error.response.statusText || `Request failed with status ${error.response.status}`;
    return new ApiError('http', message, error.response.status, envelope?.code ?? null, envelope?.errors ?? []);
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    return new ApiError('network', NETWORK_ERROR_MESSAGE);
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ApiError('network', NETWORK_ERROR_MESSAGE);
}
