import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoad, formatSize, GZIP_LEVEL, gzipBytes } from './first-load-count.mjs';

/** Compressible but not trivially so: level 6 and level 9 give different sizes for it. */
const body = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = ${(i * 7919) % 1009} + "${name}-${i % 13}";`).join(
    '\n',
  );

const dist = mkdtempSync(join(tmpdir(), 'first-load-'));
mkdirSync(join(dist, 'assets'));
const files: Record<string, string> = {
  'index-a.js': `import { r } from "./react-b.js";\nimport "./preloaded-c.js";\n${body('entry')}`,
  'react-b.js': body('react'),
  'preloaded-c.js': body('preloaded'),
  'login-page-d.js': `import{s}from"./shared-e.js";${body('login')};const later=()=>import("./lazy-f.js");`,
  'shared-e.js': `import "./react-b.js";\n${body('shared')}`,
  'lazy-f.js': body('lazy'),
  'other-page-g.js': body('other'),
};
for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), code);
writeFileSync(
  join(dist, 'index.html'),
  '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/preloaded-c.js">',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const level = (name: string, l: number) => gzipSync(files[name]!, { level: l }).length;

describe('the first-load ruler', () => {
  it('counts gzip at the default level 6 (not 9)', () => {
    expect(GZIP_LEVEL).toBe(6);
    expect(gzipBytes(files['react-b.js']!)).toBe(level('react-b.js', 6));
    expect(level('react-b.js', 6)).not.toBe(level('react-b.js', 9));
  });

  it('follows static imports from the entry, the modulepreloads and the route chunk, not dynamic ones', () => {
    const { route, total, files: counted } = firstLoad(dist, 'login-page');
    expect(route).toBe('login-page-d.js');
    const expected = ['index-a.js', 'react-b.js', 'preloaded-c.js', 'login-page-d.js', 'shared-e.js'];
    expect(counted.map((f) => f.file).sort()).toEqual(expected.map((f) => `assets/${f}`).sort());
    expect(total).toBe(expected.reduce((sum, f) => sum + level(f, 6), 0));
  });

  it('prints decimal kB first (1 kB = 1000 bytes), then KiB', () => {
    expect(formatSize(152_300)).toBe('152.3 kB (148.7 KiB)');
    expect(formatSize(150_000)).toBe('150.0 kB (146.5 KiB)');
  });

  it('fails when the page has no route chunk', () => {
    expect(() => firstLoad(dist, 'missing-page')).toThrow(/no route chunk/);
  });
});
