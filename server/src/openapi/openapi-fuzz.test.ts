// A schema-driven fuzzer (issue 29 item 10, decision 086): for every operation in the OpenAPI
// document, requests that follow its schemas and requests that break them (wrong types, numbers out
// of range, huge strings, missing required and extra fields, bad path parameters, malformed JSON, the
// wrong content type), sent as an anonymous caller, the demo learner and the super admin. Every
// answer must be below 500, carry a status the document lists for the operation, and match the
// schema the document gives for that status (the envelope; for success, the data schema too). So a
// document that under-describes the API fails here as surely as a handler that crashes.
//
// Deterministic: every operation draws from its own pure-rand generator seeded from the run's seed
// and its operationId, so a failure names the seed and the same requests come back on a rerun.
// Bounded: EXAMPLES valid and EXAMPLES × 2 broken requests per operation and caller (one and two
// for a caller a staff-only operation turns away).
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { buildOpenApiDocument } from './openapi';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;
type Caller = 'anonymous' | 'learner' | 'superAdmin';

const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const EXAMPLES = Number(process.env.FUZZ_EXAMPLES ?? 2);

/**
 * Answers the document does not (yet) describe truthfully, or 5xx another item of issue 29 is fixing,
 * each with the item that fixes it: `{ answer: /^POST \/api\/Course\/Course\/Search 500 /, why: 'item 1' }`
 * matches `METHOD path status content-type` of one answer and lets it through; nothing else is
 * excused. Empty: the two it held (Course/Search's 500, item 1; report downloads undocumented,
 * item 9) were fixed by decisions 081 and 085.
 */
const KNOWN: { answer: RegExp; why: string }[] = [];
const knownAnswer = (label: string, status: number, type: string) => KNOWN.find((k) => k.answer.test(`${label} ${status} ${type.split(';')[0]}`));

// ---------------------------------------------------------------------------------------------
// Random values from the document's schemas.

class Rng {
  private readonly g;
  constructor(seed: number) {
    this.g = xoroshiro128plus(seed);
  }
  int(min: number, max: number): number {
    if (max - min > 2 ** 31) return min + Math.floor((uniformInt(this.g, 0, 2 ** 30) / 2 ** 30) * (max - min));
    return uniformInt(this.g, min, max);
  }
  chance(p: number): boolean {
    return this.int(0, 999) < p * 1000;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  chars(alphabet: string, n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }
}

const seedOf = (name: string) => createHash('sha256').update(`${SEED}:${name}`).digest().readInt32LE(0);

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const TEXT = `${LOWER}${UPPER}${DIGITS}  .,'-é₦ü`;

const digits = (r: Rng, n: number) => r.chars(DIGITS, n);
/** A 1-10 digit number as text, often past 2³¹−1 (a column it reaches may be smaller still: issue 29 item 1). */
const numeral = (r: Rng) => String(r.pick([r.int(1, 9), r.int(1, 100), r.int(10, 99_999), r.int(100_000, 2 ** 31 - 1), r.int(1, 2 ** 31 - 1)]));
const word = (r: Rng, n = r.int(3, 8)) => r.chars(LOWER, n);

/** The patterns the contract uses, each with a generator; a new pattern fails 'every pattern has a generator' until it gets one. */
const PATTERNS: Record<string, (r: Rng) => string> = {
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$': (r) => `${word(r)}.${word(r)}@${word(r)}.ng`,
  '^[A-Za-z]{2,3}$': (r) => r.chars(LOWER + UPPER, r.int(2, 3)),
  '^\\+?\\d{11,15}$': (r) => `${r.pick(['', '+'])}${digits(r, r.int(11, 15))}`,
  // Ten digits past 2³¹−1 match too, and are refused by the contract's code (400) rather than its pattern: now and then.
  '^\\d{1,10}$': (r) => (r.chance(0.1) ? digits(r, 10) : numeral(r)),
  '^[1-9]\\d{0,9}$': (r) => numeral(r).replace(/^0+/, '') || '1',
  '^[A-Z0-9]+(?:-[A-Z0-9]+)*$': (r) => Array.from({ length: r.int(1, 3) }, () => r.chars(UPPER + DIGITS, r.int(2, 6))).join('-'),
  '^(\\d{1,10}(,\\d{1,10})*)?$': (r) => Array.from({ length: r.int(0, 3) }, () => numeral(r)).join(','),
  '^\\+?\\d+$': (r) => `${r.pick(['', '+'])}${digits(r, r.int(11, 14))}`,
  '^https?:\\/\\/[^\\s/$.?#][^\\s]*\\.[^\\s]{2,}$': (r) => `${r.pick(['http', 'https'])}://${word(r)}.ng/${word(r)}`,
  '^[A-Z]{2,3}$': (r) => r.chars(UPPER, r.int(2, 3)),
  '^\\d{10}$': (r) => digits(r, 10),
  '^[a-z0-9][a-z0-9._-]{2,59}$': (r) => `${word(r)}.${word(r)}${digits(r, 2)}`,
  '^[a-z0-9](?:[a-z0-9._-]{1,48})[a-z0-9]$': (r) => `${word(r)}-${word(r)}`,
};

/** Ids of real accounts (the learner's, the super admin's): a uuid drawn from them reaches past 'not found'. */
const realUserIds: string[] = [];

/** Stands for a 1×1 PNG in a drawn file field; `fileOf` turns it into the bytes. */
const PNG_MARK = '<1x1 png>';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const fileOf = (value: Json) => new Blob([value === PNG_MARK ? PNG : asText(value)], { type: value === PNG_MARK ? 'image/png' : 'application/octet-stream' });

const uuid = (r: Rng) => {
  if (realUserIds.length && r.chance(0.3)) return r.pick(realUserIds);
  const hex = (n: number) => r.chars('0123456789abcdef', n);
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${r.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
};

const alternativesOf = new WeakMap<Schema, Schema[]>();
/** The alternatives a schema allows: anyOf/oneOf branches with the keywords beside them applied (the same objects each time, so Ajv compiles each once). */
function alternatives(s: Schema): Schema[] {
  let found = alternativesOf.get(s);
  if (!found) alternativesOf.set(s, (found = branchesOf(s)));
  return found;
}

function branchesOf(s: Schema): Schema[] {
  const branches = s.anyOf ?? s.oneOf;
  if (!branches) return [s];
  const { anyOf: _a, oneOf: _o, ...beside } = s;
  return (branches as Schema[]).flatMap((branch) => {
    if (beside.type && branch.type && beside.type !== branch.type) {
      // `type: integer` beside a `number` branch narrows it; beside a `null` branch it rules it out.
      if (beside.type === 'integer' && branch.type === 'number') return alternatives({ ...beside, ...branch, type: 'integer' });
      return [];
    }
    return alternatives({ ...beside, ...branch });
  });
}

function typeOf(s: Schema): string {
  if (s.const !== undefined) return typeof s.const === 'number' ? 'integer' : typeof s.const;
  if (s.enum) return typeof s.enum[0];
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'any';
}

/** Dates the contract takes as plain strings (query parameters checked by the handler): mostly in the form it reads. */
const DATE_NAME = /date$/i;

function generate(s: Schema, r: Rng, depth = 0, name = ''): Json {
  const options = alternatives(s);
  // Optional values are mostly present: null tells the server little.
  const present = options.filter((o) => o.type !== 'null');
  const o = present.length && (options.length === present.length || r.chance(0.95)) ? r.pick(present) : r.pick(options);
  if (o.const !== undefined) return o.const;
  if (o.enum) return r.pick(o.enum);
  switch (typeOf(o)) {
    case 'null':
      return null;
    case 'boolean':
      return r.chance(0.5);
    case 'integer':
    case 'number': {
      const min = o.minimum ?? (o.exclusiveMinimum !== undefined ? o.exclusiveMinimum + 1 : -(2 ** 31));
      const max = o.maximum ?? (o.exclusiveMaximum !== undefined ? o.exclusiveMaximum - 1 : 2 ** 31 - 1);
      // The bounds themselves are where columns overflow; ids drawn anywhere in range rarely name a demo row.
      const n = r.pick([min, max, r.int(min, max), r.int(min, Math.min(max, min + 100))]);
      return typeOf(o) === 'number' && n < max && r.chance(0.3) ? n + 0.5 : n;
    }
    case 'string': {
      if (o.format === 'uuid') return uuid(r);
      if (o.format === 'date-time') return new Date(Date.UTC(2026, r.int(0, 11), r.int(1, 28), r.int(0, 23), r.int(0, 59))).toISOString();
      // A file: a real picture half the time (it gets past the content check), otherwise bytes that are none.
      if (o.format === 'binary') return r.chance(0.5) ? PNG_MARK : r.chars(TEXT, 16);
      if (DATE_NAME.test(name) && !o.pattern && r.chance(0.8)) return `2026-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
      if (o.pattern) {
        const make = PATTERNS[o.pattern];
        if (!make) throw new Error(`no generator for the pattern ${o.pattern}`);
        return make(r);
      }
      const min = o.minLength ?? 0;
      const max = Math.min(o.maxLength ?? min + 40, min + 40);
      return r.chars(TEXT, r.int(min, max)).replace(/^ +| +$/g, (m: string) => 'a'.repeat(m.length));
    }
    case 'array': {
      const min = o.minItems ?? 0;
      const max = Math.min(o.maxItems ?? min + 3, min + 3);
      return depth > 6 ? [] : Array.from({ length: r.int(min, max) }, () => generate(o.items ?? {}, r, depth + 1));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      const required: string[] = o.required ?? [];
      for (const [name, property] of Object.entries<Schema>(o.properties ?? {})) {
        if (required.includes(name) || r.chance(0.7)) out[name] = generate(property, r, depth + 1, name);
      }
      return out;
    }
    default:
      return r.pick([word(r), r.int(0, 100), true]);
  }
}

// ---------------------------------------------------------------------------------------------
// The document's operations and the requests sent to them.

interface Operation {
  method: string;
  path: string;
  label: string;
  op: Schema;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  body?: { contentType: string; schema: Schema };
}

interface Request {
  kind: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: Json;
  /** Sent as it is (malformed JSON), with this content type. */
  raw?: { text: string; contentType: string };
  /** Send the body under another content type than the document's. */
  contentType?: string;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validates = (schema: Schema, value: unknown) => ajv.validate(schema, value);

function operations(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const params: any[] = op.parameters ?? [];
      const [contentType, media] = Object.entries<any>(op.requestBody?.content ?? {})[0] ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        op,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' } })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' }, required: Boolean(p.required) })),
        ...(contentType ? { body: { contentType, schema: media?.schema ?? {} } } : {}),
      });
    }
  }
  return out;
}

/** A value that follows the schema (checked with Ajv; a few redraws when a pattern and a length disagree). */
function valid(s: Schema, r: Rng, name = ''): Json {
  for (let attempt = 0; attempt < 20; attempt++) {
    const value = generate(s, r, 0, name);
    if (validates(s, value)) return value;
  }
  throw new Error(`could not draw a value for ${JSON.stringify(s).slice(0, 300)}: ${ajv.errorsText()}`);
}

const asText = (value: Json): string => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

function validRequest(o: Operation, r: Rng): Request {
  const params = Object.fromEntries(o.pathParams.map((p) => [p.name, asText(valid(p.schema, r, p.name))]));
  const query: Record<string, string> = {};
  for (const p of o.queryParams) if (p.required || r.chance(0.7)) query[p.name] = asText(valid(p.schema, r, p.name));
  return { kind: 'valid', params, query, ...(o.body ? { body: o.body.contentType === 'application/octet-stream' ? r.chars(TEXT, 32) : valid(o.body.schema, r) } : {}) };
}

/** Every place in a JSON value (objects and arrays included) with the schema the document gives it. */
function places(value: Json, s: Schema, at: (string | number)[] = []): { at: (string | number)[]; schema: Schema; value: Json }[] {
  const here = at.length ? [{ at, schema: s, value }] : [];
  const branch = alternatives(s).find((b) => validates(b, value)) ?? s;
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => places(item, branch.items ?? {}, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, item]) => places(item, branch.properties?.[k] ?? {}, [...at, k]))];
  return here;
}

function replaced(value: Json, at: (string | number)[], by: Json | undefined): Json {
  const [head, ...rest] = at;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  if (!rest.length) {
    if (by === undefined) delete copy[head!];
    else copy[head!] = by;
  } else copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

const HUGE = (r: Rng) => 'x'.repeat(r.pick([10_000, 200_000]));
const BAD_TEXT = ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', ' ', '\u0000', '../../etc/passwd', "1' OR '1'='1", 'null', '[]', '{}', 'NaN', 'x'.repeat(3000)];
/** A value of another type than the one given (or a number past every bound). */
function wrongType(value: Json, r: Rng): Json {
  const candidates: Json[] = [r.pick(['text', '']), r.pick([2 ** 31, -1, 2 ** 53 + 2, 1.5, 1e308]), true, null, [1, 'a'], { $gt: '' }];
  const other = candidates.filter((c) => typeof c !== typeof value || Array.isArray(c) !== Array.isArray(value) || (c === null) !== (value === null));
  return r.pick(other);
}

function outOfRange(s: Schema, r: Rng): Json {
  const o = alternatives(s).find((b) => b.type !== 'null') ?? s;
  if (o.type === 'integer' || o.type === 'number') {
    return r.pick([(o.maximum ?? 2 ** 31 - 1) + 1, (o.minimum ?? -(2 ** 31)) - 1, 2 ** 31, 32_768, 2 ** 53 + 2, -(2 ** 53), o.type === 'integer' ? 1.5 : 1e308]);
  }
  if (o.type === 'array') return Array.from({ length: (o.maxItems ?? 100) + 1 }, () => (o.items ? generate(o.items, r) : 1));
  if (o.pattern && /\\d/.test(o.pattern)) return r.pick(['2147483648', '32768', '9999999999', '99999999999999999999', '-1', '0']);
  return HUGE(r);
}

/** A request with one thing wrong with it. */
function brokenRequest(o: Operation, r: Rng): Request {
  const base = validRequest(o, r);
  const ways: (() => Request)[] = [];
  for (const p of o.pathParams) ways.push(() => ({ ...base, kind: `path ${p.name} bad`, params: { ...base.params, [p.name]: r.pick(BAD_TEXT) } }));
  for (const p of o.queryParams) {
    ways.push(() => ({ ...base, kind: `query ${p.name} bad`, query: { ...base.query, [p.name]: r.pick([...BAD_TEXT, asText(outOfRange(p.schema, r))]) } }));
    if (p.required) {
      ways.push(() => {
        const { [p.name]: _gone, ...query } = base.query;
        return { ...base, kind: `query ${p.name} missing`, query };
      });
    }
  }
  ways.push(() => ({ ...base, kind: 'extra query', query: { ...base.query, [r.pick(['unexpectedParameter', 'id', 'userId', '__proto__'])]: r.pick(BAD_TEXT) } }));
  if (o.body && o.body.contentType !== 'application/octet-stream') {
    const body = base.body!;
    const inside = places(body, o.body.schema);
    for (const place of inside) {
      ways.push(() => ({ ...base, kind: `body ${place.at.join('.')} wrong type`, body: replaced(body, place.at, wrongType(place.value, r)) }));
      ways.push(() => ({ ...base, kind: `body ${place.at.join('.')} out of range`, body: replaced(body, place.at, outOfRange(place.schema, r)) }));
    }
    const required: string[] = (alternatives(o.body.schema).find((b) => validates(b, body)) ?? o.body.schema).required ?? [];
    for (const name of required) ways.push(() => ({ ...base, kind: `body ${name} missing`, body: replaced(body, [name], undefined) }));
    if (body && typeof body === 'object' && !Array.isArray(body)) ways.push(() => ({ ...base, kind: 'extra field', body: { ...body, unexpectedField: r.pick(['x', 1, { $where: '1' }]) } }));
    ways.push(() => ({ ...base, kind: 'not an object', body: r.pick([[], 'text', 42, null]) }));
    ways.push(() => ({ ...base, kind: 'no body', body: undefined }));
    if (o.body.contentType === 'application/json') {
      ways.push(() => ({ ...base, kind: 'malformed JSON', raw: { text: r.pick(['{"a":', '{', '[1,2', '{"a":1}}', "{'a':1}", '\u0000']), contentType: 'application/json' } }));
      ways.push(() => ({ ...base, kind: 'wrong content type', contentType: r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) }));
    } else {
      ways.push(() => ({ ...base, kind: 'JSON instead of a form', contentType: 'application/json' }));
    }
  }
  if (o.body?.contentType === 'application/octet-stream') ways.push(() => ({ ...base, kind: 'huge chunk header', raw: { text: HUGE(r), contentType: 'text/plain' } }));
  if (!o.body && o.method !== 'GET') ways.push(() => ({ ...base, kind: 'unexpected body', raw: { text: '{"a":', contentType: 'application/json' } }));
  return r.pick(ways)();
}

// ---------------------------------------------------------------------------------------------

describe.each(testDrivers())('schema-driven fuzzing of the OpenAPI document on %s', (driver) => {
  const doc = buildOpenApiDocument();
  const all = operations(doc);
  let app: TestApp;
  const browsers = {} as Record<Exclude<Caller, 'anonymous'>, Browser>;

  async function signIn(caller: Exclude<Caller, 'anonymous'>) {
    const browser = new Browser(app);
    const { learner, superAdmin } = DEMO_ACCOUNTS;
    const res =
      caller === 'learner'
        ? await browser.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: learner.email, password: learner.password } })
        : await browser.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: superAdmin.userName, password: superAdmin.password } });
    if (res.status !== 200) throw new Error(`${caller} could not sign in: ${res.body.description}`);
    browsers[caller] = browser;
    if (!realUserIds.includes(res.body.data.userId)) realUserIds.push(res.body.data.userId);
  }

  beforeAll(async () => {
    const many = 1_000_000;
    app = await createTestApp(driver, { rateLimits: { signInPerAccount: many, signInPerIp: many, registerPerIp: many, forgotPerIp: many, searchesPerMinute: many, discountCodesPerUser: many } });
    await signIn('learner');
    await signIn('superAdmin');
  }, 60_000);
  afterAll(() => app?.close());

  async function send(o: Operation, caller: Caller, q: Request): Promise<Response> {
    const url = o.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(q.params[name] ?? ''));
    const query = new URLSearchParams(q.query).toString();
    const headers: Record<string, string> = {};
    if (caller !== 'anonymous') headers.authorization = `Bearer ${browsers[caller].accessToken}`;
    let body: BodyInit | undefined;
    const contentType = q.contentType ?? o.body?.contentType;
    if (q.raw) {
      headers['content-type'] = q.raw.contentType;
      body = q.raw.text;
    } else if (q.body !== undefined && o.body) {
      if (o.body.contentType === 'application/octet-stream') {
        headers['content-type'] = contentType!;
        body = String(q.body);
      } else if (contentType === 'multipart/form-data' && q.body && typeof q.body === 'object' && !Array.isArray(q.body)) {
        const form = new FormData();
        for (const [name, value] of Object.entries(q.body)) {
          const property = o.body.schema.properties?.[name];
          if (property?.format === 'binary') form.append(name, fileOf(value), `${name}.png`);
          else if (property?.items?.format === 'binary' && Array.isArray(value)) for (const item of value) form.append(name, fileOf(item), `${name}.png`);
          else if (value !== null) form.append(name, asText(value));
        }
        body = form;
      } else if (contentType === 'multipart/form-data') {
        headers['content-type'] = 'multipart/form-data; boundary=nothing-follows';
        body = asText(q.body);
      } else {
        headers['content-type'] = contentType!;
        body = JSON.stringify(q.body);
      }
    }
    return app.fetch(`${url}${query ? `?${query}` : ''}`, { method: o.method, headers, body });
  }

  /** What is wrong with an answer, or null. */
  async function problemWith(o: Operation, res: Response): Promise<string | null> {
    const status = String(res.status);
    const type = res.headers.get('content-type') ?? '';
    if (knownAnswer(o.label, res.status, type)) return null;
    if (res.status >= 500) return `answered ${status}: ${(await res.text()).slice(0, 200)}`;
    const documented = o.op.responses?.[status];
    if (!documented) return `answered ${status}, which the document does not list (${Object.keys(o.op.responses ?? {}).join(', ')}): ${(await res.text()).slice(0, 200)}`;
    const declared = Object.entries<any>(documented.content ?? {});
    if (!declared.length) return null;
    const media = declared.find(([name]) => type.startsWith(name));
    if (!media) return `answered ${type || 'no content type'} where the document says ${declared.map(([name]) => name).join(' or ')}`;
    if (!media[0].includes('json') || !media[1].schema) return null;
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    if (!validates(media[1].schema, json)) return `${status} body does not match the document: ${ajv.errorsText(ajv.errors, { dataVar: 'body' }).slice(0, 300)}; body ${text.slice(0, 300)}`;
    return null;
  }

  it('draws a valid example for every operation (every pattern has a generator, every value follows its schema)', () => {
    const failures = all.flatMap((o) => {
      try {
        validRequest(o, new Rng(seedOf(o.label)));
        return [];
      } catch (error) {
        return [`${o.label}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
    expect(all.length).toBeGreaterThan(100);
  });

  for (const o of all) {
    it(`${o.label}: no 5xx, only documented statuses and bodies (seed ${SEED})`, async () => {
      const r = new Rng(seedOf(o.label));
      const problems: string[] = [];
      for (const caller of ['anonymous', 'learner', 'superAdmin'] as const) {
        // Callers a staff-only operation turns away are turned away before anything else: fewer examples say as much.
        const n = caller !== 'superAdmin' && /Staff only/.test(o.op.description ?? '') ? 1 : EXAMPLES;
        const requests = [...Array.from({ length: n }, () => validRequest(o, r)), ...Array.from({ length: n * 2 }, () => brokenRequest(o, r))];
        for (const q of requests) {
          const res = await send(o, caller, q);
          if (process.env.FUZZ_REPORT) console.log(`FUZZ ${o.label} ${caller} ${q.kind} -> ${res.status} ${q.kind === 'valid' && res.status === 400 ? (await res.clone().text()).slice(0, 160) : ''}`);
          const problem = await problemWith(o, res);
          if (problem) problems.push(`${caller}, ${q.kind}: ${problem}\n    request ${JSON.stringify({ params: q.params, query: q.query, body: q.body, raw: q.raw?.text.slice(0, 80), contentType: q.contentType }).slice(0, 400)}`);
          // A call that ended the caller's session (a password change, a deactivated role) is followed by a fresh sign-in.
          if (caller !== 'anonymous' && res.status === 401 && o.op.security?.length) await signIn(caller);
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }
});
