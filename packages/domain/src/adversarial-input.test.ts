import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';

/**
 * Every exported pattern, function and contract of the domain on long hostile input: each call must finish in
 * well under the time a request may hold the event loop. A regex that backtracks quadratically takes seconds on
 * these (the e-mail shape took 8 s on `a@` and 120k dots); a linear one takes well under a millisecond.
 */
const N = 100_000;
const BOUND_MS = 50;

const HOSTILE: Record<string, string> = {
  letters: 'a'.repeat(N),
  dots: '.'.repeat(N),
  'at signs': '@'.repeat(N),
  'e-mail: dots, then a space': `a@${'.'.repeat(N)} `,
  'e-mail: dots, then an @': `a@${'.'.repeat(N)}@`,
  'e-mail: labels, then an @': `a@a${'.a'.repeat(N / 2)}@`,
  'e-mail: long local part, no @': 'a.'.repeat(N / 2),
  'e-mail: spaces around': `${' '.repeat(N)}a@b.c${' '.repeat(N)}!`,
  digits: '1'.repeat(N),
  'digits, then a letter': `${'1'.repeat(N)}x`,
  'thousands groups, then a letter': `1${'.111'.repeat(N / 4)},1x`,
  'digits and dots': '1.'.repeat(N / 2),
  'leading zeros': `${'0'.repeat(N)}x`,
  'currency prefix and spaces': `R$${' '.repeat(N)}1x`,
  'mask characters': '(-. '.repeat(N / 4),
  'date, then junk': `2000-01-01${'T'.repeat(N)}`,
  'br dates': '11/'.repeat(N / 3),
  NUL: '\u0000'.repeat(N),
  'combining marks': `a${'\u0301'.repeat(N)}`,
};

/**
 * The best of three runs: a garbage collection or a busy neighbour on a shared machine can stall one run, but a
 * pattern that backtracks is slow every time.
 */
function elapsed(fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    try {
      const answer = fn();
      // an async function (the proof verifier's climb) refuses nonsense by rejecting: as fine an answer as a throw
      if (answer instanceof Promise) answer.catch(() => undefined);
    } catch {
      // throwing fast is a fine answer to nonsense; only the time matters here
    }
    best = Math.min(best, performance.now() - start);
    if (best < BOUND_MS) break;
  }
  return best;
}

type Check = { name: string; run: (input: string) => unknown };

const exported = Object.entries(domain) as Array<[string, unknown]>;

const patternChecks: Check[] = [
  ...exported
    .filter((entry): entry is [string, RegExp] => entry[1] instanceof RegExp)
    .map(([name, re]) => ({ name, run: (s: string) => re.test(s) })),
  ...Object.entries(domain.MASKS).flatMap(([mask, options]) =>
    Object.entries(options.definitions ?? {}).map(([key, re]) => ({
      name: `MASKS.${mask}.${key}`,
      run: (s: string) => re.test(s),
    })),
  ),
];

const functionChecks: Check[] = exported
  .filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function')
  .filter(([, fn]) => !(fn instanceof z.ZodType))
  .map(([name, fn]) => ({ name, run: (s: string) => fn(s) }));

type AnySchema = z.ZodType;
const isSchema = (v: unknown): v is AnySchema => v instanceof z.ZodType;

/** The object shapes a schema accepts (each option of a union; the input side of a transform). */
function objectShapes(schema: AnySchema): Array<Record<string, AnySchema>> {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  if (def.type === 'object') return [def.shape as Record<string, AnySchema>];
  if (def.type === 'union') return (def.options as AnySchema[]).flatMap(objectShapes);
  if (def.type === 'pipe') return objectShapes(def.in as AnySchema);
  return [];
}

/** A body for a shape with `value` in every field; literal fields (discriminators) keep their own value. */
function bodyWith(shape: Record<string, AnySchema>, value: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const def = (field as unknown as { def: { type: string; values?: unknown[] } }).def;
      return [key, def.type === 'literal' ? def.values?.[0] : value];
    }),
  );
}

const contracts = exported.filter((entry): entry is [string, AnySchema] => isSchema(entry[1]));

/** The schemas a schema is made of: its fields, items, options and wrapped types, all the way down. */
function parts(schema: AnySchema, found = new Set<AnySchema>()): Set<AnySchema> {
  if (found.has(schema)) return found;
  found.add(schema);
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  const children = [
    ...Object.values((def.shape as Record<string, AnySchema> | undefined) ?? {}),
    ...((def.options as AnySchema[] | undefined) ?? []),
    def.element,
    def.innerType,
    def.in,
    def.out,
  ];
  for (const child of children) if (isSchema(child)) parts(child, found);
  return found;
}

/** What the server answers (the *Response schemas and everything in them): the server's own data, not input. */
const answers = new Set(
  contracts.filter(([name]) => name.endsWith('Response')).flatMap(([, schema]) => [...parts(schema)]),
);
const fieldFactories: Array<[string, AnySchema]> = [
  ['emailField()', domain.emailField()],
  ['requiredText()', domain.requiredText('x')],
  ['optionalText()', domain.optionalText()],
  ['optionalText(multiline)', domain.optionalText(2000, { multiline: true })],
  ['celularField()', domain.celularField('x')],
  ['cnpjField()', domain.cnpjField()],
  ['isoDateField()', domain.isoDateField('x', 'y')],
  ['boolField()', domain.boolField('x')],
  ['moneyField()', domain.moneyField('x')],
  ['passwordField()', domain.passwordField('x')],
  ['boundedString()', domain.boundedString({ max: 255 })],
];

describe.each(Object.entries(HOSTILE))('hostile input: %s', (_label, input) => {
  it.each(patternChecks.map((c) => [c.name, c] as const))('pattern %s answers fast', (_name, check) => {
    elapsed(() => check.run('warm-up'));
    expect(elapsed(() => check.run(input))).toBeLessThan(BOUND_MS);
  });

  it.each(functionChecks.map((c) => [c.name, c] as const))('function %s answers fast', (_name, check) => {
    elapsed(() => check.run('warm-up'));
    expect(elapsed(() => check.run(input))).toBeLessThan(BOUND_MS);
  });

  it.each([...fieldFactories, ...contracts])('schema %s refuses it fast', (_name, schema) => {
    schema.safeParse('warm-up');
    expect(elapsed(() => schema.safeParse(input))).toBeLessThan(BOUND_MS);
    for (const shape of objectShapes(schema)) {
      const body = bodyWith(shape, input);
      schema.safeParse(bodyWith(shape, 'warm-up'));
      let result: ReturnType<AnySchema['safeParse']> | undefined;
      expect(elapsed(() => (result = schema.safeParse(body)))).toBeLessThan(BOUND_MS);
      // every field of a request refuses a 100k string: none is left without a length limit (answers are the
      // server's own, not checked here)
      if (answers.has(schema)) continue;
      const refused = new Set(result?.error?.issues.map((i) => String(i.path[0])));
      const unbounded = Object.keys(shape).filter((k) => body[k] === input && !refused.has(k));
      expect(unbounded).toEqual([]);
    }
  });
});

describe('the contracts found by the checks above', () => {
  it('include the request schemas and the exported patterns', () => {
    const names = contracts.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['LoginRequest', 'RegisterRequest', 'PersonalDataRequest']));
    expect(patternChecks.map((c) => c.name)).toContain('EMAIL_SHAPE');
  });
});
