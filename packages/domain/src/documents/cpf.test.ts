import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf } from './cpf';

describe('isValidCpf', () => {
  it.each(['52998224725', '39053344705', '12345678909', '11144477735', '00000000191'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it('accepts masked input and surrounding spaces', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf(' 390.533.447-05 ')).toBe(true);
  });

  it('rejects a wrong first or second check digit', () => {
    expect(isValidCpf('52998224735')).toBe(false);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('529.982.247-52')).toBe(false);
  });

  it('rejects a changed base digit', () => {
    expect(isValidCpf('52998224825')).toBe(false);
    expect(isValidCpf('62998224725')).toBe(false);
  });

  it.each(['00000000000', '11111111111', '111.111.111-11', '99999999999'])('rejects all-same digits %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('rejects wrong lengths and empty input', () => {
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
  });

  it('rejects values with letters instead of ignoring them', () => {
    expect(isValidCpf('529.982.247-25a')).toBe(false);
    expect(isValidCpf('CPF 52998224725')).toBe(false);
  });
});

describe('formatCpf', () => {
  it('formats 11 digits', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('reformats masked input the same way', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('529 982 247 25')).toBe('529.982.247-25');
  });

  it('formats partial input as far as it goes', () => {
    expect(formatCpf('')).toBe('');
    expect(formatCpf('5')).toBe('5');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
  });

  it('drops digits beyond 11', () => {
    expect(formatCpf('529982247251234')).toBe('529.982.247-25');
  });
});
