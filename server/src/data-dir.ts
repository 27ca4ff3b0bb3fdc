// DATA_DIR holds the embedded database, generated secrets, uploads and (in development) unsent
// mail: nothing in it is for anyone but the server's own user. PGlite's initial database files
// come out mode 0666 whatever the umask, so the tree is made owner-only after the database opens,
// and the process umask keeps what is created later owner-only too.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files and directories this process creates from now on are owner-only (like PostgreSQL's own umask). */
export function ownerOnlyUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; restrictTree still fixes what exists.
  }
}

/** Creates `dir` (0700) if missing. */
export function makeOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  chmodSync(dir, DIR_MODE);
}

/**
 * Makes `dir` and every directory under it 0700 and every file 0600 (symbolic links are left
 * alone, never followed). Returns how many modes it changed.
 */
export function restrictTree(dir: string): number {
  let changed = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return changed;
}
