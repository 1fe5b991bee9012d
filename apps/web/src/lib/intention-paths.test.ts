import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, IntentionRequiredError } from './api';
import { idempotent } from './idempotency';
import { CREATIONS_NOT_YET_THROUGH_INTENTION, POSTS_WITHOUT_INTENTION, postNeedsNoIntention } from './intention-paths';

const SRC = join(__dirname, '..');
/** Where keys are made: the hook and the helper it uses. */
const KEY_MAKERS = ['lib/idempotency.ts', 'lib/intention.ts'];
/** The client itself, whose `api.post` is the call the others make. */
const CLIENT = 'lib/api.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of a call's arguments, from the `(` at `open` to its matching `)`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced call');
}

type PostCall = { where: string; path: string | null; args: string };

/** Every POST the app sends: `api.post(…)` and `apiFetch(…, { method: 'POST' … })`, with its path when written out. */
function postCalls(): PostCall[] {
  const calls: PostCall[] = [];
  for (const file of sources(SRC)) {
    if (relative(SRC, file) === CLIENT) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(api\.post|apiFetch)\b(<[^()]*>)?\(/g)) {
      const args = argumentsAt(text, match.index + match[0].length - 1);
      if (match[1] === 'apiFetch' && !/method:\s*'POST'/.test(args)) continue;
      const literal = /^\s*(['`])(.*?)\1/s.exec(args)?.[2];
      const line = text.slice(0, match.index).split('\n').length;
      calls.push({
        where: `${relative(SRC, file)}:${line}`,
        path: literal === undefined ? null : literal.replace(/\$\{[^}]*\}/g, ':id'),
        args,
      });
    }
  }
  return calls;
}

/** The call names an Idempotency-Key made elsewhere (the intention's), not a fresh one of its own. */
const carriesKey = (args: string) => /idempotent\([^)\s]/.test(args) || args.includes("'Idempotency-Key'");

describe('every POST that creates goes through the one-intention hook', () => {
  const calls = postCalls();

  it('finds the POSTs of the app', () => {
    expect(calls.length).toBeGreaterThan(40);
  });

  it("carries the intention's key, unless intention-paths.ts says the POST creates nothing", () => {
    const offenders = calls
      .filter((c) => !(c.path !== null && postNeedsNoIntention(c.path)) && !carriesKey(c.args))
      .map((c) => `${c.where} POST ${c.path ?? '(a path built in code)'}`);
    expect(offenders).toEqual([]);
  });

  it('makes keys only in useIntention: no screen or call mints its own (a double click would mint two)', () => {
    const minted = sources(SRC).flatMap((file) => {
      if (KEY_MAKERS.includes(relative(SRC, file))) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /newIdempotencyKey\(|idempotent\(\s*\)/.test(line) ? [`${relative(SRC, file)}:${i + 1}`] : [],
        );
    });
    expect(minted).toEqual([]);
  });

  it('lists no POST that the app does not send, and no creation already converted', () => {
    const sent = calls.filter((c) => c.path !== null);
    const unused = POSTS_WITHOUT_INTENTION.filter(
      (path) => !sent.some((c) => c.path!.replace(/:id/g, 'x') === path.replace(/:id/g, 'x')),
    );
    expect(unused).toEqual([]);
    const converted = CREATIONS_NOT_YET_THROUGH_INTENTION.filter((path) =>
      sent.filter((c) => c.path === path).every((c) => carriesKey(c.args)),
    );
    expect(converted).toEqual([]);
  });
});

describe('the api client refuses a creating POST without a key', () => {
  const fetchMock = vi.fn(
    async () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }),
  );
  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  it('refuses before sending; sends with the key, and sends what creates nothing without one', async () => {
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/ticket/7/interaction', { message: 'oi' })).rejects.toBeInstanceOf(IntentionRequiredError);
    expect(fetchMock).not.toHaveBeenCalled();
    await api.post('/ticket/7/interaction', { message: 'oi' }, idempotent('chave-da-intencao'));
    await api.post('/silver-withdrawal/shipping-quote', { cep: '01310100' });
    await api.post('/register/verify/abc');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
