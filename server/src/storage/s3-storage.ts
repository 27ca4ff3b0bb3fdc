// S3-compatible object storage as a media store (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
// DigitalOcean Spaces…), with the official client. Keys live under an optional prefix in one
// bucket, which stays private: learners reach objects only through the server's signed media
// addresses, which stream them through (decision 056).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, type ListedObject, type MediaStorage } from './media-storage';

export interface S3Config {
  bucket: string;
  /** Empty for AWS itself; the address of any other S3-compatible service. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Keys are stored under this prefix ('' for the bucket's root). */
  prefix: string;
  /** bucket in the path (most self-hosted services) rather than in the host name. */
  forcePathStyle: boolean;
}

export interface S3Storage extends MediaStorage {
  /** A presigned GET address of an object, valid `seconds` (not used by the media routes; see decision 056). */
  presign(key: string, seconds: number): Promise<string>;
  client: S3Client;
}

/** A streamed object's part size (S3 wants at least 5 MiB but the last; 10,000 parts make 80 GiB). */
const PART_BYTES = 8 * 1024 * 1024;

const notFound = (error: unknown) =>
  (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')) ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { name?: string }).name === 'NotFound';

export function createS3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the default wraps a streamed upload in aws-chunked
    // encoding with a trailing checksum, which several S3-compatible services store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  const Bucket = config.bucket;
  const base = config.prefix.replace(/^\/+|\/+$/g, '');
  const full = (key: string) => (base ? `${base}/${assertKey(key)}` : assertKey(key));
  const folder = (prefix: string) => `${full(prefix)}/`;

  async function keysUnder(prefix: string): Promise<ListedObject[]> {
    const start = folder(prefix);
    const keys: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: start, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) keys.push({ key: item.Key.slice(start.length), size: item.Size ?? 0, modified: item.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  const store: S3Storage = {
    kind: 's3',
    client,
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return { size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async read(key, span) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key), ...(span ? { Range: `bytes=${span.start}-${span.end}` } : {}) }));
        return out.Body as Readable;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async readBuffer(key) {
      const body = await store.read(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: body, ...(contentType ? { ContentType: contentType } : {}) }));
    },
    async writeFile(key, file, contentType) {
      // A known length lets the client send the stream as it is (no buffering of a large video).
      const { size } = await stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: createReadStream(file), ContentLength: size, ...(contentType ? { ContentType: contentType } : {}) }));
    },
    async writeStream(key, body, size, options) {
      // A multipart upload of PART_BYTES parts read from the stream (one part in memory at a time):
      // the object appears only when every part is in and the length matched, and a stream that
      // fails or has another length aborts it, leaving nothing. A small object is one PUT.
      const ContentType = options?.contentType;
      let seen = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const take = (piece: Buffer) => {
        seen += piece.length;
        if (seen > size) throw new Error(`${key}: longer than ${size} bytes`);
        pending.push(piece);
        pendingBytes += piece.length;
      };
      const drain = () => {
        const part = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        return part;
      };
      const lengthChecked = () => {
        if (seen !== size) throw new Error(`${key}: ${seen} bytes, ${size} expected`);
      };
      if (size <= PART_BYTES) {
        for await (const piece of body) take(Buffer.from(piece as Uint8Array));
        lengthChecked();
        await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: drain(), ...(ContentType ? { ContentType } : {}) }));
        return;
      }
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: full(key), ...(ContentType ? { ContentType } : {}) }));
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const send = async () => {
        const PartNumber = parts.length + 1;
        const Body = drain();
        const out = await client.send(new UploadPartCommand({ Bucket, Key: full(key), UploadId, PartNumber, Body, ContentLength: Body.length }));
        parts.push({ ETag: out.ETag, PartNumber });
      };
      try {
        for await (const piece of body) {
          take(Buffer.from(piece as Uint8Array));
          if (pendingBytes >= PART_BYTES) await send();
        }
        lengthChecked();
        if (pendingBytes) await send();
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: full(key), UploadId, MultipartUpload: { Parts: parts } }));
      } catch (error) {
        body.destroy();
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: full(key), UploadId })).catch(() => undefined);
        throw error;
      }
    },
    async download(key, file) {
      const body = await store.read(key);
      if (!body) return false;
      await mkdir(dirname(file), { recursive: true });
      await pipeline(body, createWriteStream(file));
      return true;
    },
    list: keysUnder,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async deletePrefix(prefix) {
      const keys = await keysUnder(prefix);
      const start = folder(prefix);
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((k) => ({ Key: start + k.key })), Quiet: true } }));
      }
    },
    localFile: () => null,
    presign: (key, seconds) => getSignedUrl(client, new GetObjectCommand({ Bucket, Key: full(key) }), { expiresIn: seconds }),
  };
  return store;
}
