// The OpenAPI document, generated from the shared contract so it cannot drift from the code.
// OpenAPI 3.1: its schema objects are JSON Schema 2020-12, which is what valibot's converter
// writes, so the contract's schemas go in as they are (openapi.test.ts validates the document).
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Endpoint } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { ROLES } from '@rivet/shared/domain/permissions';
import { XLSX_CONTENT_TYPE } from '../reports/xlsx-export';

type Json = Record<string, unknown>;

/**
 * The spec's GET calls that are POSTs here (as `/api/{service}/{path}`): each changes state, and a
 * GET may be prefetched, cached, replayed or sent again by a crawler or a retrying proxy, so state
 * changes are never GETs (decisions 039, 045, 088). Each operation and the document's introduction
 * say so; openapi.test.ts holds the list to the contract.
 */
export const POST_WHERE_THE_SPEC_READS_GET = [
  '/api/Course/CourseCategory/ActivateDeactivate/{id}',
  '/api/Course/Course/Toggle/{courseId}',
  '/api/Course/Survey/Toggle/{id}',
  '/api/Course/Course/Survey/UnAssign/{id}',
  '/api/Notification/Email/Email/Toggle/{id}',
  '/api/Workflow/Workflow/Deactivate',
] as const;

export const POST_NOT_GET_NOTE = 'A POST, not the spec’s GET: it changes state, and a GET may be prefetched, cached or replayed (decision 088). ';

/** An empty `required` says nothing; strict tools (and OpenAPI 3.0's schema) refuse it, so it is left out. */
function withoutEmptyRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyRequired);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'required' && Array.isArray(item) && item.length === 0) continue;
    out[key] = withoutEmptyRequired(item);
  }
  return out;
}

const schemaOf = (schema: v.GenericSchema): Json => {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore', target: 'draft-2020-12' }) as Json;
  return withoutEmptyRequired(rest) as Json;
};

const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['success', 'description', 'data', 'code'],
  properties: {
    success: { type: 'boolean' },
    description: { type: 'string' },
    data,
    code: { type: 'string', description: "'00' on success, otherwise a short error code" },
  },
});

const errorEnvelope: Json = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    description: { type: 'string', description: 'The message to show the user' },
    data: { type: 'null' },
    code: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input (the description is the first validation message)',
  401: 'Not signed in, wrong credentials, or session timed out',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'The request is too large',
  415: 'Unsupported media type',
  422: 'The request is understood but cannot be carried out in the record’s present state',
  429: 'Too many attempts (see Retry-After)',
  503: 'The database cannot be reached for a moment, or the server is shedding load: send it again after Retry-After',
};

/** A field naming a record (`id`, `InstitutionId`, `fileGuid`): the record may be missing, so 404. */
const RECORD_KEY = /^id$|Id$|ID$|Guid$/;

function topLevelKeys(schema: v.GenericSchema | undefined): string[] {
  if (!schema) return [];
  const properties = (schemaOf(schema) as { properties?: Record<string, unknown> }).properties;
  return Object.keys(properties ?? {});
}

/**
 * Every status the server can answer for an endpoint, from what the contract says about it (so a
 * new endpoint is documented truthfully without anyone remembering to): 400 for any input (bind.ts
 * validates it; the body cap answers 400 too), 401 and 403 for any access rule but public (403 also
 * while a password change is pending), 404 for a path id or a field naming a record, 503 for any
 * call (the database restarting, decision 064), and whatever else the endpoint declares in `errors`
 * (409, 422, 429).
 */
export function statusesOf(e: Endpoint): number[] {
  const statuses = new Set<number>(e.errors ?? []);
  const pathIds = /\{\w+\}/.test(e.path);
  if (pathIds || e.params || e.query || e.body || e.rawBody || e.form) statuses.add(400);
  if (e.access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (pathIds || [...topLevelKeys(e.query), ...topLevelKeys(e.body)].some((key) => RECORD_KEY.test(key))) statuses.add(404);
  statuses.add(503);
  statuses.delete(200);
  return [...statuses].sort((a, b) => a - b);
}

/** A multipart body: the contract's fields and the files the endpoint declares (binary strings). */
function formSchema(e: Endpoint): Json {
  const fields = e.body ? schemaOf(e.body) : { type: 'object' };
  const properties: Record<string, Json> = { ...((fields.properties as Record<string, Json> | undefined) ?? {}) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(e.files ?? {})) {
    const binary: Json = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
    properties[name] = file.multiple ? { type: 'array', minItems: file.required ? 1 : 0, items: binary, description: file.description } : { ...binary, description: file.description };
    if (file.required) required.push(name);
  }
  return { ...fields, type: 'object', properties, ...(required.length ? { required } : {}) };
}

function operation(e: Endpoint): Json {
  const parameters: Json[] = [];
  const pathSchemas = (e.params ? (schemaOf(e.params).properties as Record<string, Json> | undefined) : undefined) ?? {};
  for (const [, name] of e.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string', ...pathSchemas[name!] } });
  }
  if (e.query) {
    const q = schemaOf(e.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  const security = e.access.kind === 'public' ? [] : [{ bearer: [] }];
  const roleNote = e.access.kind === 'staff' && e.access.roleIds ? `; only roles ${e.access.roleIds.map((id) => ROLES.find((r) => r.id === id)?.name ?? id).join(', ')}` : '';
  const permissionNote = e.access.kind === 'staff' ? `\n\nStaff only${e.access.anyOf.length ? `; needs any of: ${e.access.anyOf.join(', ')}` : ''}${roleNote}.` : '';
  const success: Json = { 'application/json': { schema: envelope(schemaOf(e.data)) } };
  // A report whose query takes Download streams its export as an attachment (Export=true&Download=true).
  if (topLevelKeys(e.query).includes('Download')) success[XLSX_CONTENT_TYPE] = { schema: { type: 'string', format: 'binary', contentMediaType: XLSX_CONTENT_TYPE } };
  const responses: Json = {
    200: { description: success[XLSX_CONTENT_TYPE] ? 'Success; with Export=true&Download=true the .xlsx itself, as an attachment' : 'Success', content: success },
  };
  for (const status of statusesOf(e)) {
    responses[status] = { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: errorEnvelope } } };
  }
  return {
    tags: [e.service],
    summary: e.summary,
    description: ((POST_WHERE_THE_SPEC_READS_GET as readonly string[]).includes(`/api/${e.service}/${e.path}`) ? POST_NOT_GET_NOTE : '') + (e.description ?? '') + permissionNote,
    operationId: `${e.service}_${e.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    security,
    parameters,
    ...(e.form ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchema(e) } } } } : {}),
    ...(e.body && !e.form ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(e.body) } } } } : {}),
    ...(e.rawBody ? { requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', maxLength: e.rawBody.maxBytes } } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(serverUrl = '/'): Json {
  const paths: Record<string, Json> = {};
  for (const e of ALL_ENDPOINTS) {
    const path = `/api/${e.service}/${e.path}`;
    paths[path] = { ...(paths[path] ?? {}), [e.method.toLowerCase()]: operation(e) };
  }
  paths['/api/Institution/Certificate/Pdf/{certificateId}'] = {
    get: {
      tags: ['Institution'],
      summary: 'A certificate as a PDF (certificate.pdf); public to whoever holds its id, like the verification page',
      parameters: [{ name: 'certificateId', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'The PDF', content: { 'application/pdf': {} } }, 404: { description: 'No such certificate, or withdrawn' }, 503: { description: STATUS_TEXT[503] } },
    },
  };
  paths['/api/Course/Payment/Webhook'] = {
    post: {
      tags: ['Course'],
      summary: 'Paystack webhook: charge.success completes the matching pending payment (enrolment and discount use, once)',
      description:
        'Accepted only when `x-paystack-signature` is the hex HMAC-SHA512 of the raw body under the Paystack secret key (constant-time compare). Signed events not acted on are acknowledged with 200. 404 when Paystack is not configured.',
      parameters: [{ name: 'x-paystack-signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: { description: 'Acknowledged' },
        400: { description: 'Unreadable event, or the body is too large' },
        401: { description: 'Missing or invalid signature' },
        404: { description: 'Paystack is not configured' },
        503: { description: STATUS_TEXT[503] },
      },
    },
  };
  paths['/api/health'] = {
    get: {
      tags: ['Health'],
      summary: 'Liveness and database status',
      responses: { 200: { description: 'Healthy' }, 503: { description: 'Database unreachable' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rivet marketplace API',
      version: '1.0.0',
      description:
        'Every response is an envelope { success, description, data, code }. Errors also use real HTTP status codes. Authenticated calls carry `Authorization: Bearer <access token>`; the refresh token lives only in an httpOnly cookie. While the database cannot be reached (a restart or failover) any call that needs it answers 503 with code `service_unavailable` and `Retry-After`: send it again later. ' +
        `Calls that change state are never GETs, even where the spec reads GET: these ${POST_WHERE_THE_SPEC_READS_GET.length} are POSTs, because a GET may be prefetched, cached or replayed by browsers, proxies and crawlers: ${POST_WHERE_THE_SPEC_READS_GET.join(', ')}.`,
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
