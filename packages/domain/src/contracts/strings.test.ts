import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  AddressRequest,
  EMAIL_SHAPE,
  LoginRequest,
  PasswordResetRequest,
  RegisterRequest,
  ReviewDecisionRequest,
  emailField,
  hasControlChars,
  requiredText,
} from './index';

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('string fields: the length first, and nothing after it when it fails', () => {
  it('an e-mail over 254 characters gets one message; the pattern never runs on it', () => {
    const long = `${'a'.repeat(250)}@b.com`;
    expect(issues(emailField().safeParse(long))).toEqual([['', MESSAGES.emailInvalid]]);
    expect(issues(LoginRequest.safeParse({ email: `a@${'.'.repeat(120_000)}@`, password: 'x' }))).toEqual([
      ['email', MESSAGES.emailInvalid],
    ]);
  });

  it('keeps the usual messages for empty and malformed values', () => {
    expect(issues(emailField().safeParse(' '))).toEqual([
      ['', MESSAGES.emailRequired],
      ['', MESSAGES.emailInvalid],
    ]);
    expect(issues(emailField().safeParse('ana@exemplo'))).toEqual([['', MESSAGES.emailInvalid]]);
    expect(emailField().parse('  Ana@Exemplo.com.br ')).toBe('Ana@Exemplo.com.br');
    expect(issues(requiredText(MESSAGES.nameRequired, 10).safeParse('a'.repeat(11)))).toEqual([
      ['', 'Use no máximo 10 caracteres'],
    ]);
  });

  it('the e-mail shape: x@y.z with no spaces, one @ and nothing a mail library reads as structure', () => {
    for (const ok of ['a@b.c', 'a.b@c.d.e', 'a@.b.c', 'a@b..c', 'a@...']) expect(EMAIL_SHAPE.test(ok)).toBe(true);
    for (const bad of ['a@b', 'a@b.', '@b.c', 'a@@b.c', 'a b@c.d', 'a@b.c d', 'a@b@c.d', 'a@.b']) {
      expect(EMAIL_SHAPE.test(bad)).toBe(false);
    }
    // what a mail library reads as a name, a comment, a list or a group: the mail would reach another mailbox
    for (const bad of ['a<b@c.d>', 'x@y.z,a', 'x(c)@y.z', '"a"@b.c', 'a;b@c.d', 'a:b@c.d', 'a[b]@c.d', 'a\\b@c.d']) {
      expect(EMAIL_SHAPE.test(bad)).toBe(false);
    }
    for (const ok of ["o'brien+prata@exemplo.com.br", 'ana_maria-2@sub.exemplo.com.br', 'joão@exemplo.com.br']) {
      expect(EMAIL_SHAPE.test(ok)).toBe(true);
    }
  });
});

describe('control characters', () => {
  it('NUL or any other control character in a one-line field answers the field message', () => {
    const base = {
      name: 'Ana Cliente',
      email: 'ana@exemplo.com',
      email_confirmation: 'ana@exemplo.com',
      password: 'senha-forte-123',
      password_confirmation: 'senha-forte-123',
    };
    expect(issues(RegisterRequest.safeParse({ ...base, name: 'Ana\u0000' }))).toEqual([
      ['name', MESSAGES.invalidCharacters],
    ]);
    expect(issues(RegisterRequest.safeParse({ ...base, name: 'Ana\nMaria' }))).toEqual([
      ['name', MESSAGES.invalidCharacters],
    ]);
    expect(issues(RegisterRequest.safeParse({ ...base, email: 'ana\u0007@exemplo.com' }))).toContainEqual([
      'email',
      MESSAGES.emailInvalid,
    ]);
    expect(issues(RegisterRequest.safeParse({ ...base, coupon_code: 'PRATA\u007f' }))).toEqual([
      ['coupon_code', MESSAGES.invalidCharacters],
    ]);
    expect(
      issues(PasswordResetRequest.safeParse({ ...base, token: `${'a'.repeat(30)}\u0000` })).map(([p]) => p),
    ).toEqual(['token']);
  });

  it('text areas keep tab, line feed and carriage return, and refuse the rest', () => {
    const address = {
      type: 'Residencial',
      cep: '01310-100',
      city_id: 3550308,
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      number: '1000',
    };
    expect(AddressRequest.parse({ ...address, other_info: 'Portão azul\r\n\tInterfone 12' }).other_info).toBe(
      'Portão azul\r\n\tInterfone 12',
    );
    expect(issues(AddressRequest.safeParse({ ...address, other_info: 'Portão\u0000azul' }))).toEqual([
      ['other_info', MESSAGES.invalidCharacters],
    ]);
    expect(issues(AddressRequest.safeParse({ ...address, number: '10\t00' }))).toEqual([
      ['number', MESSAGES.invalidCharacters],
    ]);
    expect(ReviewDecisionRequest.parse({ decision: 'reject', reason: 'Documento\nilegível' })).toEqual({
      decision: 'reject',
      reason: 'Documento\nilegível',
    });
  });

  it('hasControlChars', () => {
    expect(hasControlChars('São Paulo – Av. Paulista, 1.000 😀')).toBe(false);
    expect(hasControlChars('a\u0000')).toBe(true);
    expect(hasControlChars('a\u001f')).toBe(true);
    expect(hasControlChars('a\u007f')).toBe(true);
    expect(hasControlChars('a\tb')).toBe(true);
    expect(hasControlChars('a\tb\r\nc', true)).toBe(false);
    expect(hasControlChars('a\u000bb', true)).toBe(true);
  });
});
