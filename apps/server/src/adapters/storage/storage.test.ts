import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server';
import { diskStorage, type FileStorage, s3Storage, StorageUnavailableError } from './index';

/** One contract, both implementations: callers cannot tell the disk from the bucket. */
const implementations: [string, () => Promise<{ storage: FileStorage; stop(): Promise<void> }>][] = [
  [
    'disk (a temporary folder)',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'prata-disk-'));
      return { storage: diskStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (s3rver in this process)',
    async () => {
      const server = await startS3Server();
      return { storage: s3Storage(server.settings), stop: server.stop };
    },
  ],
];

const randomKey = (folder = 'documents', ext = 'bin') =>
  `${folder}/${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}.${ext}`;

describe.each(implementations)('FileStorage contract: %s', (_name, start) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await start());
  });
  afterAll(async () => stop());

  it('gives back the same bytes it was given (binary, every byte value)', async () => {
    const data = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
    const key = randomKey();
    await storage.put(key, data);
    const back = await storage.get(key);
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back.equals(data)).toBe(true);
  });

  it('refuses to overwrite a key (EEXIST) and keeps the first file', async () => {
    const key = randomKey('tickets', 'pdf');
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect((await storage.get(key)).toString()).toBe('first');
  });

  it('a missing key is an ENOENT error', async () => {
    await expect(storage.get(randomKey())).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('deletes, and deleting twice (or a key never written) is fine', async () => {
    const key = randomKey('catalogue', 'png');
    await storage.put(key, Buffer.from([1, 2, 3]));
    await storage.delete(key);
    await storage.delete(key);
    await storage.delete(randomKey());
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys outside the shape (traversal, upper case, no folder), for every operation', async () => {
    for (const key of ['../etc/passwd', 'documents/../../x.pdf', 'Documents/ABC.pdf', 'x.pdf', `${randomKey()}/`]) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('a store that fails is a fault, never an answer (StorageUnavailableError, the store’s error its cause)', () => {
  const everyOperation = async (storage: FileStorage) => {
    const key = randomKey();
    for (const operation of [
      () => storage.put(key, Buffer.from('x')),
      () => storage.get(key),
      () => storage.delete(key),
    ]) {
      const error = await operation().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).cause).toBeInstanceOf(Error);
    }
  };

  it('disk: a folder that cannot be used (ENOTDIR)', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'prata-disk-'));
    await writeFile(path.join(root, 'file'), 'not a folder');
    try {
      await everyOperation(diskStorage(path.join(root, 'file')));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('s3: a server that has stopped', async () => {
    const server = await startS3Server();
    await server.stop();
    await everyOperation(s3Storage(server.settings));
  });
});
