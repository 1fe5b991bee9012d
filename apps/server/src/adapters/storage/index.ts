import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/** Where uploaded files live. Keys are random; nothing here is served directly. */
export type FileStorage = {
  name: string;
  /** Writes a new file; refuses (an error with code 'EEXIST') when the key already holds one. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes; a missing key is an error with code 'ENOENT' (like node:fs), whatever the backend. */
  get(key: string): Promise<Buffer>;
  /** Idempotent: deleting a missing key is fine. */
  delete(key: string): Promise<void>;
};

const KEY_SHAPE = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z]{3,4}$/;

function checkKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** The error of a missing file or key (node:fs and every backend here say 'ENOENT'); any other is a fault. */
function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** The bytes, or null when there is no such file: a fault (a disk or the object store failing) stays an error. */
export function orMissing(read: Promise<Buffer>): Promise<Buffer | null> {
  return read.catch((error: unknown) => {
    if (isMissingFile(error)) return null;
    throw error;
  });
}

/**
 * The store failed (a disk error, the object store away or refusing): not the caller's input and not a missing file.
 * The error handler answers it 503 STORAGE_UNAVAILABLE, logged with its cause.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * A key is checked first (a bad one is our bug, thrown as it is); then `ENOENT` and `EEXIST` are the store's answers
 * and anything else it throws is a fault.
 */
function faultsWrapped(storage: FileStorage): FileStorage {
  const wrap =
    <A extends unknown[], R>(operation: string, run: (key: string, ...rest: A) => Promise<R>) =>
    async (key: string, ...rest: A): Promise<R> => {
      checkKey(key);
      try {
        return await run(key, ...rest);
      } catch (error) {
        if (isMissingFile(error) || (error as NodeJS.ErrnoException | null)?.code === 'EEXIST') throw error;
        throw new StorageUnavailableError(operation, error);
      }
    };
  return {
    name: storage.name,
    put: wrap('put', storage.put),
    get: wrap('get', storage.get),
    delete: wrap('delete', storage.delete),
  };
}

function fsError(code: 'ENOENT' | 'EEXIST', message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** Embedded default: a folder on disk (DATA_DIR/uploads), outside the web root. One machine only. */
export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return faultsWrapped({
    name: 'disk',
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600, flag: 'wx' });
    },
    get: async (key) => readFile(resolve(key)),
    delete: async (key) => rm(resolve(key), { force: true }),
  });
}

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...): what several instances share. */
export type S3StorageSettings = {
  bucket: string;
  /** prepended to every key ('' or ending in '/') */
  prefix: string;
  region: string;
  /** unset: AWS's own endpoint for the region */
  endpoint?: string;
  /** both or neither; neither: the SDK's default chain (AWS_* variables, an instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), as MinIO-likes want */
  forcePathStyle: boolean;
};

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

export function s3Storage(settings: S3StorageSettings, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${checkKey(key)}`;
  return faultsWrapped({
    name: 's3',
    async put(key, data) {
      const Key = keyOf(key);
      // Two guards: the HEAD refuses on servers that ignore conditional writes (s3rver, older MinIO and Ceph);
      // If-None-Match makes the refusal atomic where it is supported (AWS S3 since 2024, MinIO). Keys are 128 random
      // bits, so the window between the two is never hit by honest callers.
      const exists = await s3.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        (error: unknown) => {
          if (statusOf(error) === 404) return false;
          throw error;
        },
      );
      if (exists) throw fsError('EEXIST', `storage key already exists: ${key}`);
      try {
        await s3.send(new PutObjectCommand({ Bucket, Key, Body: data, IfNoneMatch: '*' }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 412 || status === 409) throw fsError('EEXIST', `storage key already exists: ${key}`);
        throw error;
      }
    },
    async get(key) {
      const Key = keyOf(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) throw new Error(`empty answer for storage key ${key}`);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) throw fsError('ENOENT', `no such storage key: ${key}`);
        throw error;
      }
    },
    async delete(key) {
      // S3's DELETE of a missing key already answers 204
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  });
}
