// A TLS + HTTP/2 reverse proxy in front of a bench server, as a deployment runs one (README, "More
// than one server process"): nginx from the machine's packages with a throwaway self-signed
// certificate. The Node server speaks HTTP/1.1, where a browser opens at most six connections to
// an origin and a screen's ~40 small chunks queue behind each other; behind the proxy they share
// one multiplexed connection (decision 074). Returns null where nginx or openssl is missing.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const has = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export interface Proxy {
  origin: string;
  stop(): Promise<void>;
}

export async function startH2Proxy(upstreamPort: number, listenPort: number): Promise<Proxy | null> {
  const nginx = ['nginx', '/usr/sbin/nginx'].find(has);
  if (!nginx || !has('openssl')) return null;
  const dir = mkdtempSync(join(tmpdir(), 'rivet-h2-proxy-'));
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]);
  // `listen … http2` is the form nginx 1.22 (Debian 12) knows; 1.25.1+ also takes `http2 on;`.
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream rivet { server 127.0.0.1:${upstreamPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${listenPort} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 70m;
    location / {
      proxy_pass http://rivet;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  await run(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir]);
  return {
    origin: `https://127.0.0.1:${listenPort}`,
    async stop() {
      try {
        process.kill(Number(readFileSync(join(dir, 'nginx.pid'), 'utf8')), 'SIGQUIT');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 200));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
