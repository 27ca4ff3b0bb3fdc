import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { buildOpenApiDocument } from './openapi';

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
});
