import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file of the build kept in memory, with the compressed copies the build wrote beside it (x.js.br, x.js.gz). */
export type WebFile = {
  type: string;
  /** hashed build assets never change under the same name */
  immutable: boolean;
  lastModified: string;
  identity: Variant;
  br: Variant | undefined;
  gzip: Variant | undefined;
};
export type Variant = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | undefined };

/** Files larger than this are read from disk on each request instead of kept (no build file comes near it). */
const MAX_CACHED_FILE_BYTES = 8 * 1024 * 1024;
/** What all kept files may add up to; past it, files are read from disk on each request. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** How long a file that is not a hashed asset (index.html) or a missing path is trusted before disk is checked again. */
export const RECHECK_MS = 1_000;
/** How many missing paths are remembered at once (each one costs a stat per RECHECK_MS otherwise). */
const MAX_MISSES = 10_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

const etagOf = (body: Buffer, suffix: string) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

async function readIfExists(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch(() => undefined);
}

/**
 * The build folder, read through a memory cache: a file is read (with its .br and .gz copies) once, then answered from
 * memory. Hashed assets are trusted forever; other files and missing paths are checked on disk again at most once per
 * RECHECK_MS, so a new build is served without a restart.
 */
export function webFiles(root: string) {
  /** `size`: the file's on disk (what a stat is compared with); `bytes`: what it and its copies take in memory */
  const files = new Map<string, { file: WebFile; checkedAt: number; mtimeMs: number; size: number; bytes: number }>();
  const misses = new Map<string, number>();
  /** the disk reads under way: the requests that come meanwhile share one, and so one file */
  const reading = new Map<string, Promise<WebFile | undefined>>();
  let cachedBytes = 0;

  function load(rel: string): Promise<WebFile | undefined> | WebFile | undefined {
    const now = Date.now();
    const known = files.get(rel);
    if (known && (known.file.immutable || now - known.checkedAt < RECHECK_MS)) return known.file;
    const missedAt = misses.get(rel);
    if (!known && missedAt !== undefined && now - missedAt < RECHECK_MS) return undefined;
    let read = reading.get(rel);
    if (!read) {
      read = refresh(rel).finally(() => reading.delete(rel));
      reading.set(rel, read);
    }
    return read;
  }

  async function refresh(rel: string): Promise<WebFile | undefined> {
    const full = path.join(root, rel);
    const now = Date.now();
    const known = files.get(rel);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) {
      if (known) {
        files.delete(rel);
        cachedBytes -= known.bytes;
      }
      if (misses.size >= MAX_MISSES) misses.clear();
      misses.set(rel, now);
      return undefined;
    }
    misses.delete(rel);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) {
      known.checkedAt = now;
      return known.file;
    }
    const identity = await readFile(full);
    const [br, gzip] = await Promise.all([readIfExists(`${full}.br`), readIfExists(`${full}.gz`)]);
    const tag = etagOf(identity, '');
    const file: WebFile = {
      type: TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
      immutable: rel.startsWith(`assets${path.sep}`),
      lastModified: info.mtime.toUTCString(),
      identity: { body: identity, etag: tag, encoding: undefined },
      br: br ? { body: br, etag: `${tag.slice(0, -1)}-br"`, encoding: 'br' } : undefined,
      gzip: gzip ? { body: gzip, etag: `${tag.slice(0, -1)}-gz"`, encoding: 'gzip' } : undefined,
    };
    const bytes = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    if (known) {
      files.delete(rel);
      cachedBytes -= known.bytes;
    }
    if (identity.length <= MAX_CACHED_FILE_BYTES && cachedBytes + bytes <= MAX_CACHED_BYTES) {
      files.set(rel, { file, checkedAt: now, mtimeMs: info.mtimeMs, size: info.size, bytes });
      cachedBytes += bytes;
    }
    return file;
  }

  return {
    /**
     * The file at a URL path ('/assets/x.js'), or undefined when there is none. Paths that leave the folder, hidden
     * files and the compressed copies themselves are never served.
     */
    async get(urlPath: string): Promise<WebFile | undefined> {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
      const rel = path.posix.normalize(decoded).replace(/^\/+/, '');
      if (rel === '' || rel.startsWith('..') || rel.split('/').some((s) => s.startsWith('.'))) return undefined;
      if (rel.endsWith('.br') || rel.endsWith('.gz')) return undefined;
      return load(rel.split('/').join(path.sep));
    },
  };
}

/**
 * The encoding to answer in for an Accept-Encoding header, among the copies there are: brotli, then gzip, then none
 * (q=0 refuses one).
 */
export function acceptedEncoding(
  acceptEncoding: string | undefined,
  has: { br: boolean; gzip: boolean },
): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || (!has.br && !has.gzip)) return undefined;
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br' || name === '*') br = true;
    if (name === 'gzip' || name === '*') gzip = true;
  }
  if (br && has.br) return 'br';
  if (gzip && has.gzip) return 'gzip';
  return undefined;
}

/** The copy of a file to send for an Accept-Encoding header. */
export function pickVariant(file: WebFile, acceptEncoding: string | undefined): Variant {
  const encoding = acceptedEncoding(acceptEncoding, { br: file.br !== undefined, gzip: file.gzip !== undefined });
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
}

/** Whether If-None-Match names the variant being sent (weak or strong, any in a list, or *). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
