import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessage } from './field-message';
import { MESSAGES } from './messages';

const said = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: fieldMessage });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('fieldMessage: what a field without its own message is told', () => {
  it('speaks of what a person typed, never of the schema', () => {
    expect(said(z.object({ a: z.string() }), {})).toBe(MESSAGES.fieldRequired);
    expect(said(z.number(), 'x')).toBe(MESSAGES.numberInvalid);
    expect(said(z.number(), Number.NaN)).toBe(MESSAGES.numberInvalid);
    expect(said(z.string(), 4)).toBe(MESSAGES.textRequired);
    expect(said(z.boolean(), 'sim')).toBe(MESSAGES.valueInvalid);
    expect(said(z.string().min(1), '')).toBe(MESSAGES.fieldRequired);
    expect(said(z.string().min(8), 'abc')).toBe('Use pelo menos 8 caracteres.');
    expect(said(z.string().max(9), '0131010000000')).toBe('Use no máximo 9 caracteres.');
    expect(said(z.number().min(1000), 5)).toBe('O valor deve ser pelo menos 1.000.');
    expect(said(z.number().positive(), -1)).toBe('O valor deve ser maior que 0.');
    expect(said(z.number().max(1.5), 2)).toBe('O valor deve ser no máximo 1,5.');
    expect(said(z.array(z.string()).min(1), [])).toBe('Informe pelo menos 1 item.');
    expect(said(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Informe no máximo 2 itens.');
    expect(said(z.string().regex(/^[A-Za-z0-9_-]{20,100}$/), 'abc')).toBe(MESSAGES.formatInvalid);
    expect(said(z.email(), 'ana@')).toBe(MESSAGES.emailInvalid);
    expect(said(z.enum(['a', 'b']), 'c')).toBe(MESSAGES.chooseOneOption);
    expect(said(z.strictObject({}), { extra: 1 })).toBe(MESSAGES.fieldsUnknown);
  });

  it('never shows a pattern, "NaN", "undefined" or a type name', () => {
    const schemas: Array<[z.ZodType, unknown]> = [
      [z.string().regex(/^x+$/), 'y'],
      [z.number(), Number.NaN],
      [z.coerce.number().int(), 'abc'],
      [z.union([z.string(), z.number()]), null],
      [z.object({ a: z.number() }), { a: undefined }],
    ];
    for (const [schema, value] of schemas) {
      expect(said(schema, value)).not.toMatch(/NaN|undefined|\^|\$|string|number|Entrada|esperava/);
    }
  });
});
