import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restrictTree } from './data-dir';

describe('restrictTree', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('makes directories 0700 and files 0600 all the way down, leaving what a link points to alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'rivet-datadir-'));
    const outside = mkdtempSync(join(tmpdir(), 'rivet-outside-'));
    dirs.push(root, outside);
    mkdirSync(join(root, 'pgdata', 'base'), { recursive: true });
    writeFileSync(join(root, 'pgdata', 'base', '1247'), 'x');
    writeFileSync(join(outside, 'shared'), 'x');
    chmodSync(join(outside, 'shared'), 0o644);
    symlinkSync(join(outside, 'shared'), join(root, 'link'));
    chmodSync(join(root, 'pgdata', 'base', '1247'), 0o666);
    chmodSync(join(root, 'pgdata', 'base'), 0o777);
    chmodSync(root, 0o755);

    expect(restrictTree(root)).toBe(4);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'pgdata')).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'pgdata', 'base')).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, 'pgdata', 'base', '1247')).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(root, 'link')).isSymbolicLink()).toBe(true);
    expect(statSync(join(outside, 'shared')).mode & 0o777).toBe(0o644);
    expect(restrictTree(root)).toBe(0);
  });
});
