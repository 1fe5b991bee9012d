import { describe, expect, it } from 'vitest';
import { accountMenuLabel } from './account-links';

describe('accountMenuLabel (WCAG 2.5.3, label in name)', () => {
  it('begins with what the button shows, the initials then the first name, and says whose menu it is', () => {
    expect(accountMenuLabel('Maria Oliveira Santos')).toBe('MS Maria: menu da conta de Maria Oliveira Santos');
    expect(accountMenuLabel('Prata')).toBe('P Prata: menu da conta de Prata');
  });
});
