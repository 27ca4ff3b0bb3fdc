// Binds a shared-contract endpoint to a handler: validates the query and body with the
// endpoint's schemas (answering 400 with the spec's message), enforces its access rule, hands an
// audited endpoint its audit writer (and refuses success without its row), and wraps the result
// in the { success, description, data, code } envelope.
import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { CODES, type Endpoint, type Envelope } from '@rivet/shared/api/contract';
import { STUDENT_ROLE_ID, hasAnyPermission } from '@rivet/shared/domain/permissions';
import { auditOrigin, createAudit, undeclaredAudit, type Audit } from '../audit/audit';
import type { AppEnv, Caller } from './context';
import { AppError, badRequest, forbidden, unauthorized } from './errors';
import { sendJson } from './send-json';

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;
type BodyOut<E> = E extends Endpoint<infer B, v.GenericSchema | undefined, v.GenericSchema> ? Out<B> : undefined;
type QueryOut<E> = E extends Endpoint<v.GenericSchema | undefined, infer Q, v.GenericSchema> ? Out<Q> : undefined;

export interface HandlerInput<E extends Endpoint> {
  body: BodyOut<E>;
  query: QueryOut<E>;
  params: Record<string, string>;
  /** Files of a multipart (`form`) endpoint, by field name (the last, when a name repeats). */
  files: Record<string, File>;
  /** Every file of a multipart endpoint under each field name (several `files` at once). */
  fileLists: Record<string, File[]>;
  caller: E['access'] extends { kind: 'public' } ? Caller | null : Caller;
  /** Writes the endpoint's audit row inside the change's transaction (audit/audit.ts); usable only when the endpoint declares `audit`. */
  audit: Audit;
  c: Context<AppEnv>;
}

export interface HandlerResult<T> {
  data: T;
  description?: string;
}

type Output<E extends Endpoint> = v.InferInput<E['data']>;

function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]) {
  const seen = new Set<string>();
  const errors: { field: string; message: string }[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/**
 * A missing key of an object schema would fail with valibot's generic 'Invalid key' message;
 * present as undefined, it is checked by its own schema and gets the contract's message
 * ('eventId is required').
 */
function withDeclaredKeys(schema: v.GenericSchema, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const declared = declaredKeys(schema);
  return declared ? { ...declared, ...input } : input;
}

/** Each object schema's keys, all undefined: made once per schema, not on every request (decision 071). */
const declaredKeysOf = new WeakMap<v.GenericSchema, Record<string, undefined> | null>();
function declaredKeys(schema: v.GenericSchema): Record<string, undefined> | null {
  let declared = declaredKeysOf.get(schema);
  if (declared === undefined) {
    const entries = 'entries' in schema && typeof schema.entries === 'object' ? schema.entries : null;
    declared = entries ? Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])) : null;
    declaredKeysOf.set(schema, declared);
  }
  return declared;
}

/** Parses with the contract's messages: the output, or the first message and every field's. */
export function parseInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { success: true; output: v.InferOutput<S> } | { success: false; message: string; errors: { field: string; message: string }[] } {
  const result = v.safeParse(schema, withDeclaredKeys(schema, input), { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  const errors = issuesToErrors(result.issues);
  return { success: false, message: errors[0]?.message ?? 'Invalid request.', errors };
}

function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = parseInput(schema, input);
  if (parsed.success) return parsed.output;
  throw badRequest(parsed.message, parsed.errors);
}

/** The answer to a body that is not JSON (malformed, or sent as another type): never read as `{}`. */
export const NOT_JSON_MESSAGE = 'Request body must be JSON';
const FORM_MESSAGE = 'Send the form as multipart/form-data.';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

/** What an inflated body may grow to: the same cap as a plain JSON body (app.ts). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
const GZIP_MESSAGE = 'This request cannot be compressed; send it as plain JSON.';

/**
 * The body as text; a gzip body (endpoints that declare `gzipBody`) is inflated with a cap, so a
 * small compressed body cannot unfold into gigabytes.
 */
async function readBodyText(c: Context<AppEnv>, gzipAllowed: boolean): Promise<string> {
  const encoding = (c.req.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return c.req.text();
  if (encoding !== 'gzip' || !gzipAllowed) throw badRequest(GZIP_MESSAGE);
  try {
    return gunzipSync(new Uint8Array(await c.req.arrayBuffer()), { maxOutputLength: JSON_BODY_MAX_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new AppError(400, CODES.invalid, 'The request is too large.');
    throw badRequest(NOT_JSON_MESSAGE);
  }
}

/**
 * A JSON body as an object. No body at all (or `null`) is `{}`, so each field says it is missing;
 * anything else must be declared JSON and parse to an object.
 */
async function readJsonBody(c: Context<AppEnv>, gzipAllowed: boolean): Promise<Record<string, unknown>> {
  const text = await readBodyText(c, gzipAllowed);
  if (text.trim() === '') return {};
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw badRequest(NOT_JSON_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(NOT_JSON_MESSAGE);
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function ok<T>(c: Context, data: T, description = 'Successful'): Response {
  const body: Envelope<T> = { success: true, description, data, code: CODES.ok };
  return sendJson(c, 200, JSON.stringify(body));
}

export function errorResponse(c: Context, error: AppError): Response {
  const body: Envelope<null> = { success: false, description: error.description, data: null, code: error.code };
  if (error.errors.length) body.errors = error.errors;
  return sendJson(c, error.status, JSON.stringify(body), error.headers);
}

/** A token whose user was deactivated, or whose role or permissions changed, since it was issued (decision 084). */
export const ACCESS_CHANGED = 'Your access has changed since you signed in. Please sign in again.';

function checkAccess(endpoint: Endpoint, caller: Caller | null, tokenExpired: boolean, tokenRevoked: boolean): void {
  const { access } = endpoint;
  if (access.kind === 'public') return;
  if (!caller) throw unauthorized(tokenRevoked ? ACCESS_CHANGED : tokenExpired ? 'Your session has expired.' : undefined);
  if (access.kind === 'staff') {
    if (caller.roleId === STUDENT_ROLE_ID) throw forbidden();
    if (!hasAnyPermission(caller.permissions, ...access.anyOf)) throw forbidden();
    if (access.roleIds && !access.roleIds.includes(caller.roleId)) throw forbidden();
  }
}

export function bind<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  /** Resolves with the data for the envelope, or with a ready Response (e.g. from a cache). */
  handler: (input: HandlerInput<E>) => Promise<HandlerResult<Output<E>> | Response>,
): void {
  const path = `/api/${endpoint.service}/${endpoint.path}`.replace(/\{(\w+)\}/g, ':$1');
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  app[method](path, async (c) => {
    const caller = c.get('caller');
    checkAccess(endpoint, caller, c.get('tokenExpired') === true, c.get('tokenRevoked') === true);
    const params = c.req.param() as Record<string, string>;
    if (endpoint.params) validate(endpoint.params, params);
    const query = endpoint.query ? validate(endpoint.query, c.req.query()) : undefined;
    let body: unknown;
    const files: Record<string, File> = {};
    const fileLists: Record<string, File[]> = {};
    if (endpoint.body) {
      let raw: Record<string, unknown> = {};
      if (endpoint.form) {
        if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) throw badRequest(FORM_MESSAGE);
        try {
          const form = await c.req.parseBody({ all: true });
          for (const [name, values] of Object.entries(form)) {
            for (const value of Array.isArray(values) ? values : [values]) {
              if (value instanceof File) {
                // Only the files the contract declares reach the route: one it reads without
                // declaring it would be missing from the OpenAPI document (and then refused here).
                if (!endpoint.files?.[name]) continue;
                files[name] = value;
                (fileLists[name] ??= []).push(value);
              } else if (typeof value === 'string') raw[name] = value;
            }
          }
        } catch {
          throw badRequest(FORM_MESSAGE);
        }
      } else {
        raw = await readJsonBody(c, endpoint.gzipBody === true);
      }
      body = validate(endpoint.body, raw);
    }
    const audit = endpoint.audit && caller ? createAudit(endpoint.audit, caller, auditOrigin(c)) : undeclaredAudit(endpoint);
    const result = await handler({ body, query, files, fileLists, params, caller, audit, c } as HandlerInput<E>);
    // A change kept without its audit row is a bug: fail loudly so the endpoint's tests catch it.
    if (endpoint.audit && caller && !audit.written) throw new Error(`${endpoint.method} ${endpoint.service}/${endpoint.path} declares an audit but wrote no audit row`);
    if (endpoint.audit && audit.written) c.set('audited', endpoint.audit);
    if (result instanceof Response) return result;
    return ok(c, result.data, result.description);
  });
}
