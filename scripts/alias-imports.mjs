#!/usr/bin/env node
// `node scripts/alias-imports.mjs [--check]`: rewrites relative imports that climb across folders into `@/<path from
// src>`, the alias each app's tsconfig gives its src/ (docs/CODE_STYLE.md). Kept as they are: `./x`, a single `../`
// that stays inside the importing file's unit (its feature's folder, features/<f>/, or else its top folder under src/,
// such as lib/ or app/), and every `../` that lands outside the app's src/. Extensions stay exactly as written.
// Specifiers rewritten: import/export … from, side-effect imports, import(), import types (`typeof import('…')`) and
// Vitest's vi.mock/doMock/unmock/doUnmock/importActual/importMock; other strings (paths, URLs) and comments are left
// alone. Biome then formats the files it changed (a shorter import may fit on one line). Idempotent: a second run
// changes nothing. Prints how many specifiers it rewrote; `--check` writes nothing, lists the files and exits 1 when
// something is left to rewrite.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each app: its src/ (what `@/` means) and the folders whose files are rewritten. */
const APPS = [
  { dir: 'apps/server', folders: ['src', 'test', 'bench', 'faults'] },
  { dir: 'apps/web', folders: ['src', 'scripts'] },
];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

/** Code before a string literal that makes the literal a module specifier (matched against the code that ends there). */
const SPECIFIER_BEFORE = [
  /\bfrom\s*$/, // import … from '…', export … from '…'
  /(?:^|[^.\w$])import\s*$/, // import '…' (side effect)
  /(?:^|[^.\w$])import\s*\(\s*$/, // import('…'), typeof import('…')
  /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^\n]*>)?\s*\(\s*$/,
];

/** Characters after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set(['', ...'(,=:[!&|?{};+-*%<>~^']);
const REGEX_AFTER_WORDS = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/**
 * The string literals of a source file that sit in code (not in comments, template literals or regular expressions):
 * each one's quote-to-quote range and its text. A small scanner, enough for specifiers: it tells a regular expression
 * from a division by the code before the slash.
 */
export function stringLiterals(source) {
  const found = [];
  const templateDepth = []; // brace depth at which each open `${` of a template literal resumes the template
  let braces = 0;
  let lastCode = '';
  let lastCodeEnd = 0;
  let i = 0;
  const n = source.length;
  const skipTemplate = () => {
    // from just after a backtick (or a closing `}` of `${…}`) to the closing backtick or an opening `${`
    while (i < n) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        templateDepth.push(braces);
        braces++;
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      const start = i;
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
      found.push({ start, end: i, quote: c, text: source.slice(start + 1, i - 1) });
      lastCode = c;
      lastCodeEnd = i;
    } else if (c === '`') {
      i++;
      skipTemplate();
      lastCode = '`';
      lastCodeEnd = i;
    } else if (c === '/') {
      const before = source.slice(Math.max(0, lastCodeEnd - 12), lastCodeEnd);
      if (REGEX_AFTER.has(lastCode) || REGEX_AFTER_WORDS.test(before)) {
        i++;
        let inClass = false;
        while (i < n && source[i] !== '\n') {
          const r = source[i];
          if (r === '\\') i++;
          else if (r === '[') inClass = true;
          else if (r === ']') inClass = false;
          else if (r === '/' && !inClass) break;
          i++;
        }
        i++;
        while (i < n && /[a-z]/i.test(source[i])) i++;
        lastCode = 'regex';
        lastCodeEnd = i;
      } else {
        i++;
        lastCode = '/';
        lastCodeEnd = i;
      }
    } else if (c === '{') {
      braces++;
      i++;
      lastCode = c;
      lastCodeEnd = i;
    } else if (c === '}') {
      braces--;
      i++;
      if (templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braces) {
        templateDepth.pop();
        skipTemplate();
        lastCode = '`';
      } else lastCode = c;
      lastCodeEnd = i;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      i++;
      lastCode = /[\w$]/.test(c) ? 'word' : c;
      lastCodeEnd = i;
    }
  }
  return found;
}

/** The folder a file's single `../` may stay within: src/features/<f>/ for a feature's file, else src/<top>/. */
function unitOf(srcDir, file) {
  const parts = path.relative(srcDir, file).split(path.sep);
  if (parts[0] === 'features' && parts.length > 2) return path.join(srcDir, 'features', parts[1]);
  if (parts.length > 1) return path.join(srcDir, parts[0]);
  return srcDir;
}

const inside = (dir, target) => target === dir || target.startsWith(dir + path.sep);

/** The `@/…` form of a specifier written in `file`, or null when it stays as written. */
export function aliasFor(srcDir, file, specifier) {
  if (!specifier.startsWith('../')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  if (!inside(srcDir, target) || target === srcDir) return null;
  const climbs = specifier.match(/^(?:\.\.\/)+/)[0].length / 3;
  if (inside(srcDir, file) && climbs === 1 && inside(unitOf(srcDir, file), target)) return null;
  const fromSrc = path.relative(srcDir, target).split(path.sep).join('/');
  // `../x/` and `../x/.` mean the folder x; keep such a tail as written
  const tail = /\/\.?$/.exec(specifier)?.[0] ?? '';
  return `@/${fromSrc}${tail}`;
}

/** The file's text with its climbing specifiers aliased, and how many changed. */
export function rewrite(srcDir, file, source) {
  let out = '';
  let from = 0;
  let changed = 0;
  for (const literal of stringLiterals(source)) {
    if (!literal.text.startsWith('../')) continue;
    const before = source.slice(Math.max(0, literal.start - 200), literal.start);
    if (!SPECIFIER_BEFORE.some((pattern) => pattern.test(before))) continue;
    const alias = aliasFor(srcDir, file, literal.text);
    if (alias === null) continue;
    out += source.slice(from, literal.start) + literal.quote + alias + literal.quote;
    from = literal.end;
    changed++;
  }
  return { text: out + source.slice(from), changed };
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) yield* sourceFiles(full);
    else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

function main() {
  const check = process.argv.includes('--check');
  let specifiers = 0;
  const written = [];
  for (const app of APPS) {
    const srcDir = path.join(ROOT, app.dir, 'src');
    let appSpecifiers = 0;
    for (const folder of app.folders) {
      for (const file of sourceFiles(path.join(ROOT, app.dir, folder))) {
        const source = readFileSync(file, 'utf8');
        const { text, changed } = rewrite(srcDir, file, source);
        if (changed === 0) continue;
        appSpecifiers += changed;
        written.push(path.relative(ROOT, file));
        if (check) console.log(`${path.relative(ROOT, file)}: ${changed}`);
        else writeFileSync(file, text);
      }
    }
    specifiers += appSpecifiers;
    console.log(`${app.dir}: ${appSpecifiers} specifier(s) ${check ? 'to alias' : 'aliased'}`);
  }
  console.log(`${specifiers} specifier(s) in ${written.length} file(s) ${check ? 'to alias' : 'aliased'} to @/`);
  if (check && specifiers > 0) process.exitCode = 1;
  // shorter specifiers may fit a multi-line import on one line: Biome's formatter decides, as `npm run lint` checks
  if (!check && written.length > 0) {
    execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', ...written], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
