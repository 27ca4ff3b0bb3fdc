// The server's layer rules (tools/eslint-layers.js, docs/decisions/021): each import below is
// linted as if it were written in the named file.
import { Linter } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain-JavaScript ESLint plugin without type declarations
import layers from '../../tools/eslint-layers.js';

const linter = new Linter({ configType: 'flat' });
const src = resolve(import.meta.dirname);

function lint(file: string, code: string): string[] {
  const config = [{ files: ['**/*.ts'], plugins: { layers }, rules: { 'layers/imports': 'error' as const }, languageOptions: { sourceType: 'module' as const } }];
  return linter.verify(code, config, { filename: resolve(src, file) }).map((m) => m.message);
}

describe('server layers', () => {
  it('keeps the ORM, the schema and repositories out of route files', () => {
    expect(lint('partner/partner.routes.ts', "import { eq } from 'drizzle-orm';")).toEqual(['Route files do not use the ORM: put the query in the module’s repository.']);
    expect(lint('partner/partner.routes.ts', "import * as t from '../db/schema';")).toEqual(['Route files do not import the schema: put the query in the module’s repository.']);
    expect(lint('partner/partner.routes.ts', "import { createPartnerRepository } from './partner.repository';")).toEqual(['Route files receive their service: create repositories and services in app.ts.']);
    expect(lint('partner/partner.routes.ts', "import { bind } from '../http/bind';")).toEqual([]);
    expect(lint('partner/partner.repository.ts', "import { eq } from 'drizzle-orm';\nimport * as t from '../db/schema';")).toEqual([]);
  });

  it('keeps Hono out of services', () => {
    expect(lint('partner/partner.service.ts', "import { Hono } from 'hono';")).toEqual(['Services do not import Hono: the route passes what the service needs (caller, audit, values).']);
    expect(lint('partner/partner.routes.ts', "import { Hono } from 'hono';")).toEqual([]);
  });

  it('keeps a module out of another module’s repository', () => {
    expect(lint('partner/partner.repository.ts', "import { x } from '../course/course.repository';")).toEqual([
      'A module does not import another module’s repository: move the shared query piece to server/src/db/shared-queries.ts.',
    ]);
    expect(lint('partner/partner.service.ts', "import { x } from './partner.repository';")).toEqual([]);
    expect(lint('partner/partner.repository.ts', "import { visibleCourse } from '../db/shared-queries';")).toEqual([]);
  });

  it('holds for the server as it is', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: resolve(src, '../..') });
    const results = await eslint.lintFiles(['server/src/**/*.routes.ts', 'server/src/**/*.service.ts', 'server/src/**/*.repository.ts']);
    const layerProblems = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => `${r.filePath}: ${m.message}`));
    expect(layerProblems).toEqual([]);
  });
});

describe('app layers', () => {
  const adminFile = '../../admin-spa/src/features/course-preview/course-preview-page.ts';

  it('lets the admin console import the learner’s player for previews, and nothing else of the learner app (decision 035)', () => {
    expect(lint(adminFile, "import { PreviewPlayer } from '@rivet/learner-pwa/src/features/player/preview-player';")).toEqual([]);
    expect(lint(adminFile, "import { CoursePlayer } from '@rivet/learner-pwa/src/features/player/course-player';")).toEqual(['admin-spa must not import learner-pwa.']);
    expect(lint(adminFile, "import { db } from '@rivet/learner-pwa/src/offline/db';")).toEqual(['admin-spa must not import learner-pwa.']);
    // The other way stays closed.
    expect(lint('../../learner-pwa/src/features/player/preview-player.ts', "import { x } from '@rivet/admin-spa/src/paths';")).toEqual(['learner-pwa must not import admin-spa.']);
  });
});
