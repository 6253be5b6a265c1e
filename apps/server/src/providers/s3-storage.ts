import { readdir, readFile, rm } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { message } from '@sikkha/contract';
import type { StorageSettings } from '../config.js';
import {
  isPackageFile,
  isStoredFileName,
  isStoredFolder,
  type PackageStore,
  type Storage,
  type StoredFile,
} from './storage.js';
import { ProviderUnavailable } from './unavailable.js';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** Uploaded files and video packages in one S3-compatible bucket, under `uploads/` and `hls/` (after S3_PREFIX). */
export interface S3Files {
  storage: Storage;
  packages: PackageStore;
  client: S3Client;
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * A bucket that does not answer fails the request within seconds instead of holding it (and its upload) open:
 * connecting may take 2 s and the socket may stay silent 4 s, over at most two tries. Silence is measured, not the
 * whole exchange, so a part of 8 MB or a long video read that keeps moving is never cut.
 */
const TIMEOUTS = { connectionTimeout: 2_000, socketTimeout: 4_000 } as const;
const MAX_ATTEMPTS = 2;
/**
 * A file being read waits for the client it is streamed to (a slow line pauses the reading): its silence limit is
 * a minute, after which the client or the bucket is taken for gone.
 */
const BODY_SILENCE_MS = 60_000;

/** Seconds a person is asked to wait when the bucket is out of reach. */
const STORAGE_RETRY_AFTER = 10;

/** Network failures: the store is down, unreachable or silent, not wrong about the request. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const unreachable = (error: unknown) =>
  error instanceof S3ServiceException
    ? (error.$metadata.httpStatusCode ?? 0) >= 500
    : error instanceof Error &&
      (error.name === 'TimeoutError' || NETWORK_CODES.has((error as NodeJS.ErrnoException).code ?? ''));

/** The bucket's call, with the store out of reach said as a 503 to retry (the cause kept for the log). */
async function reachable<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (unreachable(error)) throw new ProviderUnavailable(message('storageUnavailable'), error, STORAGE_RETRY_AFTER);
    throw error;
  }
}

/**
 * The `Storage` and `PackageStore` of an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), through the AWS
 * SDK. The bucket stays private: every file is streamed through the shop, which checks rights and signs its own
 * short-lived URLs (private uploads, HLS playlists, segments and keys) exactly as with files on disk.
 */
export function s3Files(settings: S3Settings): S3Files {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    requestHandler: TIMEOUTS,
    maxAttempts: MAX_ATTEMPTS,
  });
  const Bucket = settings.bucket;
  const root = settings.prefix ? `${settings.prefix}/` : '';
  const uploadKey = (folder: string, name: string) => `${root}uploads/${folder}/${name}`;
  const packagePrefix = (folder: string) => `${root}hls/${folder}/`;

  function mustKey(folder: string, name: string): string {
    if (!isStoredFolder(folder) || !isStoredFileName(name)) {
      throw new Error(`not a stored file name: ${JSON.stringify(`${folder}/${name}`)}`);
    }
    return uploadKey(folder, name);
  }

  /**
   * Files are never replaced: names are random, and a name already there is refused. `If-None-Match: *` makes AWS
   * (and stores that follow it) refuse atomically; the look before it covers stores that ignore the header.
   */
  async function refuseExisting(Key: string) {
    const there = await reachable(client.send(new HeadObjectCommand({ Bucket, Key }))).then(
      () => true,
      (error: unknown) => {
        if (missing(error)) return false;
        throw error;
      },
    );
    if (there) throw Object.assign(new Error(`${Key} exists`), { code: 'EEXIST' });
  }

  async function get(Key: string): Promise<StoredFile | null> {
    try {
      const answer = await reachable(client.send(new GetObjectCommand({ Bucket, Key })));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${Key}`);
      if (answer.Body instanceof IncomingMessage) answer.Body.socket.setTimeout(BODY_SILENCE_MS);
      return { stream: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  const storage: Storage = {
    async put(folder, name, data) {
      const Key = mustKey(folder, name);
      await refuseExisting(Key);
      await reachable(client.send(new PutObjectCommand({ Bucket, Key, Body: data, IfNoneMatch: '*' })));
    },

    async putStream(folder, name, data) {
      const Key = mustKey(folder, name);
      await refuseExisting(Key);
      let size = 0;
      async function* counted() {
        for await (const chunk of data) {
          size += chunk.length;
          yield chunk;
        }
      }
      // Multipart in parts of 8 MB, a few at a time: a video of gigabytes never sits in memory.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: Readable.from(counted()) },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      // An object appears only when the whole upload completes; on failure the SDK aborts the parts it sent.
      await reachable(upload.done());
      return size;
    },

    async read(folder, name) {
      if (!isStoredFolder(folder) || !isStoredFileName(name)) return null;
      return get(uploadKey(folder, name));
    },

    async remove(folder, name) {
      await reachable(client.send(new DeleteObjectCommand({ Bucket, Key: mustKey(folder, name) })));
    },
  };

  const packages: PackageStore = {
    async save(folder, dir) {
      if (!isPackageFile(folder, 'master.m3u8')) throw new Error(`not a package folder: ${JSON.stringify(folder)}`);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
      // Segments first and the master playlist last: a player that finds the master finds everything it names.
      files.sort((a, b) => Number(a === 'master.m3u8') - Number(b === 'master.m3u8'));
      for (const file of files) {
        const path = file.split(sep).join('/');
        if (!isPackageFile(folder, path)) throw new Error(`not a package file: ${path}`);
        const Body = await readFile(join(dir, file));
        await reachable(client.send(new PutObjectCommand({ Bucket, Key: `${packagePrefix(folder)}${path}`, Body })));
      }
      await rm(dir, { recursive: true, force: true });
    },

    async read(folder, path) {
      if (!isPackageFile(folder, path)) return null;
      return get(`${packagePrefix(folder)}${path}`);
    },

    async remove(folder) {
      if (!isPackageFile(folder, 'master.m3u8')) throw new Error(`not a package folder: ${JSON.stringify(folder)}`);
      let ContinuationToken: string | undefined;
      do {
        const page = await reachable(
          client.send(new ListObjectsV2Command({ Bucket, Prefix: packagePrefix(folder), ContinuationToken })),
        );
        const Objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (Objects.length > 0) await reachable(client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } })));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };

  return { storage, packages, client };
}
