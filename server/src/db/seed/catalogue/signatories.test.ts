import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../schema';
import { DEMO_MEDIA_DIR } from '../../../http/media';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { testDrivers } from '../../../testing/test-database';
import { MEDIA_URL } from './media';
import { demoSignatures } from './signatories';

const mediaFile = (url: string) => join(DEMO_MEDIA_DIR, url.slice(MEDIA_URL.length + 1));

describe.each(testDrivers())('demo signatories on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('gives every active partner two active signatories, and keeps one deactivated', async () => {
    const rows = await app.database.db
      .select({ code: t.institutions.code, partnerActive: t.institutions.isActive, signatory: t.certificateSignatures })
      .from(t.certificateSignatures)
      .innerJoin(t.institutions, eq(t.institutions.id, t.certificateSignatures.institutionId));
    const activePartners = await app.database.db.select({ code: t.institutions.code }).from(t.institutions).where(eq(t.institutions.isActive, true));
    for (const { code } of activePartners.filter((p) => p.code !== 'RIVET')) {
      expect(rows.filter((r) => r.code === code && r.signatory.isActive), code).toHaveLength(2);
    }
    expect(rows.filter((r) => !r.signatory.isActive)).toHaveLength(1);
    for (const { signatory } of rows) {
      expect(signatory.name && signatory.jobTitle).toBeTruthy();
      expect(signatory.signatureUrl).toMatch(/^\/media\/demo\/signatures\/[a-z]+-\d\.svg$/);
    }
  });
});

describe('demo signature images', () => {
  it('match what the generator writes from the names', () => {
    for (const { url, svg } of demoSignatures()) expect(readFileSync(mediaFile(url), 'utf8'), url).toBe(`${svg}\n`);
  });
});
