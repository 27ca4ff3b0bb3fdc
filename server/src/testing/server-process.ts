// A real server process (server/src/main.ts) for tests about several processes: started with its
// own environment, ready once /api/health answers, stopped with SIGTERM as an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** What it printed, for the failure message. */
  output: () => string;
  stop: () => Promise<void>;
}

/** `dataDir`: a data folder that outlives the process (a restart on PGlite); by default a fresh one, deleted on stop. */
export async function startServerProcess(port: number, env: Record<string, string>, options: { dataDir?: string } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `rivet-proc-${port}-`));
  let printed = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-apps'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code ?? -1), resolve())));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(forced);
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // Starting (tsx compiles the server, migrations, seed) takes seconds on a busy machine: wait for it, bounded.
  for (let i = 0; i < 600; i++) {
    if (exited !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid!, output: () => printed, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server on port ${port} did not become ready (exit ${exited}):\n${printed}`);
}
