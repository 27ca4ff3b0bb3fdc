import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { PARTNER_IMAGES } from '@rivet/shared/api/partners';
import { POST_NOT_GET_NOTE, POST_WHERE_THE_SPEC_READS_GET, buildOpenApiDocument } from './openapi';

type Json = Record<string, unknown>;

/** Every schema object in the document, with where it sits. */
function schemasIn(value: unknown, at = ''): { at: string; schema: Json }[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: { at: string; schema: Json }[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key === 'schema' && typeof item === 'object' && item !== null) found.push({ at: `${at}/schema`, schema: item as Json });
    else found.push(...schemasIn(item, `${at}/${key}`));
  }
  return found;
}

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('is valid OpenAPI 3.1 by the official schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only schemas that JSON Schema 2020-12 accepts in strict mode (no OpenAPI 3.0 leftovers such as nullable)', () => {
    // Formats are annotations here. Strict mode refuses unknown keywords and malformed schemas; a
    // keyword beside `anyOf` rather than under its `type` is valid JSON Schema, so strictTypes is off.
    const ajv = new Ajv2020({ strict: true, strictTypes: false, validateFormats: false });
    const schemas = schemasIn(doc.paths);
    expect(schemas.length).toBeGreaterThan(ALL_ENDPOINTS.length);
    const refused = schemas.flatMap(({ at, schema }) => {
      try {
        ajv.compile(schema);
        return [];
      } catch (error) {
        return [`${at}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  it('has no empty required lists (strict client generators refuse them) and no OpenAPI 3.0 nullable', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"required":\[\]/);
    expect(text).not.toMatch(/"nullable":/);
  });

  it('documents the bounds of ids and the shape of user ids in paths', () => {
    const paths = doc.paths as Record<string, Record<string, { parameters: { name: string; schema: Json }[] }>>;
    const check = paths['/api/Course/Course/CheckEnrollment/{userId}/{courseId}']!.get!.parameters;
    expect(check.find((p) => p.name === 'userId')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(check.find((p) => p.name === 'courseId')?.schema).toMatchObject({ type: 'string', pattern: expect.any(String) });
    const search = paths['/api/Course/Course/Search']!.post as unknown as { requestBody: { content: Record<string, { schema: Json }> } };
    expect(search.requestBody.content['application/json']!.schema).toMatchObject({
      properties: { courseCategoryIds: { type: 'array', maxItems: 100, items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
    });
  });

  type Operation = { responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: Json }> } };
  const operationOf = (path: string, method: string) => (doc.paths as Record<string, Record<string, Operation>>)[path]![method]!;

  it('lists every status the server can answer for each operation (issue 29: 400 was missing on 19, 404 on the webhook and UploadChunks)', () => {
    // Stated here apart from openapi.ts's rule, so a change to that rule that drops a status fails.
    const missing = ALL_ENDPOINTS.flatMap((e) => {
      const listed = Object.keys(operationOf(endpointUrl(e), e.method.toLowerCase()).responses).map(Number);
      const keys = [e.query, e.body].flatMap((schema) => (schema && 'entries' in schema ? Object.keys(schema.entries as object) : []));
      const expected = new Set<number>([200, 503, ...(e.errors ?? [])]);
      if (e.params || e.query || e.body || e.rawBody || e.form || e.path.includes('{')) expected.add(400);
      if (e.access.kind !== 'public') [401, 403].forEach((s) => expected.add(s));
      if (e.path.includes('{') || keys.some((k) => /^id$|Id$|ID$|Guid$/.test(k))) expected.add(404);
      const absent = [...expected].filter((s) => !listed.includes(s));
      return absent.length ? [`${e.method} ${endpointUrl(e)}: ${absent.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
    expect(Object.keys(operationOf('/api/Course/Payment/Webhook', 'post').responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(Object.keys(operationOf('/api/Course/Course/UploadChunks', 'post').responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
  });

  it('gives a report that streams its export (Download) the .xlsx as a second 200', () => {
    const downloads = ALL_ENDPOINTS.filter((e) => e.query && 'entries' in e.query && 'Download' in (e.query.entries as object));
    expect(downloads.length).toBeGreaterThan(5);
    for (const e of downloads) {
      const ok = operationOf(endpointUrl(e), e.method.toLowerCase()).responses['200'] as { content: Record<string, unknown> };
      expect(Object.keys(ok.content), endpointUrl(e)).toEqual(['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    }
  });

  it('describes every error status with the error envelope', () => {
    for (const e of ALL_ENDPOINTS) {
      for (const [status, response] of Object.entries(operationOf(endpointUrl(e), e.method.toLowerCase()).responses)) {
        if (status === '200') continue;
        expect(response, `${endpointUrl(e)} ${status}`).toMatchObject({ description: expect.any(String), content: { 'application/json': { schema: { properties: { success: {} } } } } });
      }
    }
  });

  it('lists the files of every multipart operation in its request schema, from the contract', () => {
    const forms = ALL_ENDPOINTS.filter((e) => e.form);
    expect(forms.length).toBeGreaterThan(5);
    for (const e of forms) {
      const schema = operationOf(endpointUrl(e), e.method.toLowerCase()).requestBody!.content['multipart/form-data']!.schema as {
        properties: Record<string, Json>;
        required?: string[];
      };
      for (const [name, file] of Object.entries(e.files ?? {})) {
        const binary = file.multiple ? (schema.properties[name]!.items as Json) : schema.properties[name];
        expect(binary, `${endpointUrl(e)} ${name}`).toMatchObject({ type: 'string', format: 'binary' });
        expect(schema.required?.includes(name) ?? false, `${endpointUrl(e)} ${name} required`).toBe(file.required === true);
      }
    }
    const create = operationOf('/api/Institution/Institution/Create', 'post').requestBody!.content['multipart/form-data']!.schema as { properties: Json; required: string[] };
    expect(create.required).toEqual(expect.arrayContaining(PARTNER_IMAGES.map((i) => i.field)));
    for (const [path, method, files] of [
      ['/api/Institution/Institution/Update', 'put', PARTNER_IMAGES.map((i) => i.field)],
      ['/api/Institution/Certificate/UploadSignatureAndName', 'post', ['signature']],
      ['/api/Institution/Certificate/UpdateSignatureAndName', 'put', ['signature']],
      ['/api/Course/Course/Update/OtherDetails', 'post', ['CourseThumbNail', 'CourseBanner']],
      ['/api/Discount/Discount/Create', 'post', ['FormFile']],
      ['/api/ContentLibrary/FileManager/UploadMultipleFileFromLocal', 'post', ['files']],
      ['/api/Authentication/Account/Admin/UpdateAdminUser', 'put', ['ProfilePix']],
      ['/api/Authentication/Account/Student/UpdateStudentProfile', 'put', ['UpdateProfiles.ProfilePix']],
    ] as const) {
      const props = (operationOf(path, method).requestBody!.content['multipart/form-data']!.schema as { properties: Json }).properties;
      expect(Object.keys(props), path).toEqual(expect.arrayContaining([...files]));
    }
  });

  it('says which of the spec’s GET calls are POSTs here, and why, on each and in its introduction (decision 088)', () => {
    const paths = doc.paths as Record<string, Record<string, { description?: string }>>;
    for (const path of POST_WHERE_THE_SPEC_READS_GET) {
      expect(Object.keys(paths[path] ?? {}), path).toEqual(['post']);
      expect(paths[path]!.post!.description, path).toMatch(new RegExp(`^${POST_NOT_GET_NOTE.slice(0, 30)}`));
    }
    const intro = (doc.info as { description: string }).description;
    expect(intro).toContain('are POSTs, because a GET may be prefetched');
    for (const path of POST_WHERE_THE_SPEC_READS_GET) expect(intro).toContain(path);
    // No other operation carries the note.
    const noted = Object.entries(paths).filter(([, ops]) => Object.values(ops).some((o) => o.description?.startsWith(POST_NOT_GET_NOTE))).map(([p]) => p);
    expect(noted.sort()).toEqual([...POST_WHERE_THE_SPEC_READS_GET].sort());
  });
});
