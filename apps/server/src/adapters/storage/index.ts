import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Keys are random; nothing here is served directly. */
export type FileStorage = {
  name: string;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
};

const KEY_SHAPE = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z]{3,4}$/;

/** Embedded default: a folder on disk (DATA_DIR/uploads), outside the web root. */
export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_SHAPE.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    name: 'disk',
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600, flag: 'wx' });
    },
    get: async (key) => readFile(resolve(key)),
    delete: async (key) => rm(resolve(key), { force: true }),
  };
}
