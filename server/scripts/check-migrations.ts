// Fails when server/src/db/schema.ts has changes that no committed migration captures:
// drizzle-kit generates into a scratch copy of server/drizzle and must find nothing to do.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
// drizzle-kit resolves `out` relative to the working directory even when absolute, so the
// scratch copy lives inside the repository (in the ignored .tmp/).
mkdirSync(join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(root, '.tmp', 'migrations-'));
try {
  const out = join(scratch, 'drizzle');
  cpSync(join(root, 'server/drizzle'), out, { recursive: true });
  const before = readdirSync(out).filter((f) => f.endsWith('.sql')).length;
  const config = join(scratch, 'drizzle.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({ dialect: 'postgresql', schema: './server/src/db/schema.ts', out: `./${relative(root, out)}` })};\n`,
  );
  const output = execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (!/No schema changes|migration file/i.test(output)) {
    console.error(`drizzle-kit did not run as expected:\n${output}`);
    process.exit(1);
  }
  const after = readdirSync(out).filter((f) => f.endsWith('.sql')).length;
  if (after !== before) {
    console.error('The database schema changed but no migration was generated. Run `npm run db:generate` and commit server/drizzle/.');
    process.exit(1);
  }
  console.log('Migrations are up to date with the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
