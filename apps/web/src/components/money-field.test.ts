import { describe, expect, it } from 'vitest';
import { centsToDecimalText } from './money-field';

describe('centsToDecimalText', () => {
  it('writes centavos as the dot-decimal text the API reads', () => {
    expect(centsToDecimalText(25_000_000)).toBe('250000.00');
    expect(centsToDecimalText(105)).toBe('1.05');
    expect(centsToDecimalText(7)).toBe('0.07');
  });
});
