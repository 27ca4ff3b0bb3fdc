// Binds a shared-contract endpoint to a handler: validates the query and body with the
// endpoint's schemas (answering 400 with the spec's message), enforces its access rule, and wraps
// the result in the { success, description, data, code } envelope.
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { CODES, type Endpoint, type Envelope } from '@rivet/shared/api/contract';
import { STUDENT_ROLE_ID, hasAnyPermission } from '@rivet/shared/domain/permissions';
import type { AppEnv, Caller } from './context';
import type { AppError} from './errors';
import { badRequest, forbidden, unauthorized } from './errors';

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;
type BodyOut<E> = E extends Endpoint<infer B, v.GenericSchema | undefined, v.GenericSchema> ? Out<B> : undefined;
type QueryOut<E> = E extends Endpoint<v.GenericSchema | undefined, infer Q, v.GenericSchema> ? Out<Q> : undefined;

export interface HandlerInput<E extends Endpoint> {
  body: BodyOut<E>;
  query: QueryOut<E>;
  params: Record<string, string>;
  /** Files of a multipart (`form`) endpoint, by field name. */
  files: Record<string, File>;
  caller: E['access'] extends { kind: 'public' } ? Caller | null : Caller;
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
  if (!('entries' in schema) || typeof schema.entries !== 'object' || schema.entries === null) return input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const declared = Object.fromEntries(Object.keys(schema.entries).map((key) => [key, undefined]));
  return { ...declared, ...input };
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

export function ok<T>(c: Context, data: T, description = 'Successful'): Response {
  const body: Envelope<T> = { success: true, description, data, code: CODES.ok };
  return c.json(body, 200);
}

export function errorResponse(c: Context, error: AppError): Response {
  const body: Envelope<null> = { success: false, description: error.description, data: null, code: error.code };
  if (error.errors.length) body.errors = error.errors;
  for (const [k, value] of Object.entries(error.headers)) c.header(k, value);
  return c.json(body, error.status);
}

function checkAccess(endpoint: Endpoint, caller: Caller | null, tokenExpired: boolean): void {
  const { access } = endpoint;
  if (access.kind === 'public') return;
  if (!caller) throw unauthorized(tokenExpired ? 'Your session has expired.' : undefined);
  if (access.kind === 'staff') {
    if (caller.roleId === STUDENT_ROLE_ID) throw forbidden();
    if (!hasAnyPermission(caller.permissions, ...access.anyOf)) throw forbidden();
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
    checkAccess(endpoint, caller, c.get('tokenExpired') === true);
    const query = endpoint.query ? validate(endpoint.query, c.req.query()) : undefined;
    let body: unknown;
    const files: Record<string, File> = {};
    if (endpoint.body) {
      let raw: Record<string, unknown> = {};
      if (endpoint.form) {
        try {
          const form = await c.req.parseBody();
          for (const [name, value] of Object.entries(form)) {
            if (value instanceof File) files[name] = value;
            else if (typeof value === 'string') raw[name] = value;
          }
        } catch {
          throw badRequest('Send the form as multipart/form-data.');
        }
      } else {
        try {
          raw = ((await c.req.json()) as Record<string, unknown> | null) ?? {};
        } catch {
          raw = {};
        }
      }
      body = validate(endpoint.body, raw);
    }
    const result = await handler({ body, query, files, params: c.req.param() as Record<string, string>, caller, c } as HandlerInput<E>);
    if (result instanceof Response) return result;
    return ok(c, result.data, result.description);
  });
}
