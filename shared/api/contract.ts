// Every endpoint is declared once here: the server validates with these schemas, the clients type
// their calls with them, and the OpenAPI document is generated from them.
import * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone, any signed-in user, or staff holding any one of the listed permissions —
 * and, where the spec names roles rather than permissions (002 §6: Discount and Revenue are for
 * "the two platform admin roles"), staff in one of `roleIds` (ids, not names: a role can be renamed).
 */
export type Access = { kind: 'public' } | { kind: 'user' } | { kind: 'staff'; anyOf: readonly string[]; roleIds?: readonly number[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const staffWith = (...anyOf: string[]): Access => ({ kind: 'staff', anyOf });
/** Staff in one of these roles, whatever permissions the role holds. */
export const staffInRoles = (...roleIds: number[]): Access => ({ kind: 'staff', anyOf: [], roleIds });

type AnySchema = v.GenericSchema;

export interface Endpoint<
  TBody extends AnySchema | undefined = AnySchema | undefined,
  TQuery extends AnySchema | undefined = AnySchema | undefined,
  TData extends AnySchema = AnySchema,
> {
  service: 'Authentication' | 'Course' | 'Institution' | 'Workflow' | 'ContentLibrary' | 'Notification' | 'Discount' | 'Report' | 'Configuration';
  method: HttpMethod;
  /** The path after `/api/{service}/`, with `{name}` for path parameters. */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** Checks for the path parameters (`{name}` in `path`); they reach the handler as strings. */
  params?: AnySchema;
  body?: TBody;
  /** The body arrives as multipart/form-data (fields validated by `body`; files handled by the route). */
  form?: boolean;
  /**
   * The files a multipart endpoint reads, by field name. The route sees only these (bind.ts drops
   * any other file), and the OpenAPI document lists them in the request schema, so neither can drift.
   */
  files?: Readonly<Record<string, FileField>>;
  /** A multipart body's cap in bytes when it carries more than one picture (3 MB otherwise). */
  maxBodyBytes?: number;
  /**
   * The body is raw bytes (application/octet-stream), read by the handler as a stream (never
   * whole) and capped by it at `maxBytes`; `body` stays undefined (docs/decisions/030).
   */
  rawBody?: { maxBytes: number };
  /**
   * The client may gzip the JSON body (Content-Encoding: gzip) when it is large: the offline
   * outbox's batches shrink about tenfold on mobile data. The server inflates it up to the JSON cap.
   */
  gzipBody?: boolean;
  query?: TQuery;
  data: TData;
  /** Status codes besides 200 that this endpoint documents. */
  errors?: readonly number[];
  /**
   * The audit trail's module and action for a staff change. Every mutating staff endpoint declares
   * one (the access matrix test fails otherwise); the handler receives an `audit` writer to call
   * inside the change's transaction (docs/decisions/021).
   */
  audit?: AuditDeclaration;
  /**
   * Institution-scoped staff (role type 1) reach only their own institution's records here; the
   * access matrix test then needs a fixture pointing the call at another institution's record.
   */
  confine?: 'institution';
}

export interface FileField {
  /** What the file is and what is accepted (types judged by content, size). */
  description: string;
  /** The request is refused without it (400). */
  required?: boolean;
  /** Several files may come under this one name. */
  multiple?: boolean;
}

export interface AuditDeclaration {
  module: string;
  action: string;
}

export function defineEndpoint<
  TBody extends AnySchema | undefined = undefined,
  TQuery extends AnySchema | undefined = undefined,
  TData extends AnySchema = AnySchema,
>(endpoint: Endpoint<TBody, TQuery, TData>): Endpoint<TBody, TQuery, TData> {
  return endpoint;
}

export function endpointUrl(endpoint: Pick<Endpoint, 'service' | 'path'>): string {
  return `/api/${endpoint.service}/${endpoint.path}`;
}

export type BodyOf<E> = E extends Endpoint<infer B, AnySchema | undefined, AnySchema> ? (B extends AnySchema ? v.InferInput<B> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<AnySchema | undefined, infer Q, AnySchema> ? (Q extends AnySchema ? v.InferInput<Q> : undefined) : never;
export type DataOf<E> = E extends Endpoint<AnySchema | undefined, AnySchema | undefined, infer D> ? v.InferOutput<D> : never;

/** The envelope every JSON response carries. */
export interface Envelope<T> {
  success: boolean;
  description: string;
  data: T;
  code: string;
  /** Field-level validation messages, when the request was rejected as invalid. */
  errors?: { field: string; message: string }[];
}

export const envelopeSchema = <T extends AnySchema>(data: T) =>
  v.object({
    success: v.boolean(),
    description: v.string(),
    data,
    code: v.string(),
  });

export const CODES = {
  ok: '00',
  invalid: 'invalid_input',
  unauthorized: 'unauthorized',
  sessionExpired: 'session_expired',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  rateLimited: 'rate_limited',
  /** 503: the server is shedding expensive work for a moment; the same call later will work. */
  busy: 'server_busy',
  /** 503: the database cannot be reached (restarting, failing over); the same call later will work. */
  unavailable: 'service_unavailable',
  serverError: 'server_error',
} as const;

/** Trims strings before validation; an empty string then counts as missing. */
export const trimmed = () => v.pipe(v.string(), v.trim());

/** A required text field (bounded, no control characters); see fields.ts. */
export { required } from './fields';
