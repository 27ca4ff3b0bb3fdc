// A local S3-compatible server for tests (s3rver: the S3 REST API over a folder, signatures
// checked), so the object-storage code runs against real HTTP, real XML and real presigned
// addresses. Each call starts its own server on a free port with its own bucket and folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3Config } from '../storage';

export interface TestS3 {
  config: S3Config;
  close(): Promise<void>;
}

export async function startTestS3(prefix = 'rivet'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'rivet-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media', configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  return {
    config: {
      bucket: 'media',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix,
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
