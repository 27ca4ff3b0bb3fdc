// After `vite build`: writes .br and .gz beside every text asset, so the server sends each phone
// the smallest encoding it accepts without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
for (const app of process.argv.slice(2)) {
  for (const file of files(app)) {
    if (statSync(file).size < 1024) continue;
    const source = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    count++;
  }
}
console.log(`precompressed ${count} files (brotli, gzip)`);
