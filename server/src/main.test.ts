// The server as an operator starts it (server/src/main.ts in its own process): what it refuses,
// what it says at start, and what it leaves in DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, lstatSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Starts main.ts with only these variables, under umask 000 (the worst an operator's shell could have). */
function start(env: Record<string, string>) {
  const child = spawn('sh', ['-c', 'umask 000 && exec "$0" --import tsx server/src/main.ts', process.execPath], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: '', STATIC_DIR: join(root, '.tmp', 'no-static'), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const ready = new Promise<{ port: number }>((done, fail) => {
    child.stdout.on('data', () => {
      const line = lines().find((l) => l.msg.startsWith('Rivet is ready'));
      if (line) done({ port: line.port as number });
    });
    void exited.then((code) => fail(new Error(`server exited (${code}): ${stderr}`)));
  });
  // Awaited only by tests that expect a start; one that expects a refusal leaves it rejected.
  ready.catch(() => undefined);
  return { child, lines, exited, ready, stderr: () => stderr };
}

function modesUnder(dir: string): Map<string, number> {
  const modes = new Map<string, number>();
  const visit = (path: string) => {
    const stat = lstatSync(path);
    modes.set(path, stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return modes;
}

describe('starting the server', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rivet-main-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a real deployment without a payment provider, saying what to set', async () => {
    const server = start({ DATA_DIR: dataDir(), SEED_DEMO: 'false' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Rivet did not start. Invalid configuration: no payment provider.');
    expect(server.stderr()).toContain('set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY');
  });

  it('refuses to start when REDIS_URL names a Redis it cannot reach, saying so', async () => {
    const server = start({ DATA_DIR: dataDir(), REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Rivet did not start. Redis at REDIS_URL could not be reached');
  });

  describe('a test deployment with the sandbox asked for', () => {
    let server: ReturnType<typeof start>;
    let child: ChildProcess;
    let port: number;
    let dir: string;
    beforeAll(async () => {
      dir = dataDir();
      // What an older install left: world-writable files and directories.
      mkdirSync(join(dir, 'cache', 'old'), { recursive: true });
      writeFileSync(join(dir, 'cache', 'old', 'left-over'), 'x');
      chmodSync(join(dir, 'cache', 'old', 'left-over'), 0o666);
      chmodSync(join(dir, 'cache', 'old'), 0o777);
      server = start({ DATA_DIR: dir, SEED_DEMO: 'false', PAYMENT_PROVIDER: 'sandbox' });
      child = server.child;
      port = (await server.ready).port;
    }, 120_000);
    afterAll(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await server.exited;
      }
    });

    it('leaves every directory in DATA_DIR 0700 and every file 0600, the database’s included', async () => {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      const modes = modesUnder(dir);
      expect([...modes.keys()].filter((p) => p.includes('pgdata')).length).toBeGreaterThan(100);
      const wrong = [...modes].filter(([path, mode]) => mode !== (lstatSync(path).isDirectory() ? 0o700 : 0o600));
      expect(wrong.map(([path, mode]) => `${mode.toString(8)} ${path}`)).toEqual([]);
    });

    it('logs the payment provider and warns about the sandbox and the unset PUBLIC_URL', async () => {
      const lines = server.lines();
      expect(lines.find((l) => l.msg.startsWith('Rivet is ready'))).toMatchObject({ payments: 'sandbox', demo: false });
      const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContainEqual(expect.stringMatching(/^PUBLIC_URL is not set: links in e-mails and on certificates/));
      expect(warnings).toContainEqual(expect.stringMatching(/^Payments go to the built-in test sandbox/));
    });

    it('shows the sandbox in /api/health', async () => {
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(health.data).toMatchObject({ status: 'ok', payments: 'sandbox' });
    });
  });
});
