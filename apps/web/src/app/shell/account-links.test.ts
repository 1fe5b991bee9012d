import { describe, expect, it } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { accountLinks, accountMenuLabel } from './account-links';

describe('accountMenuLabel (WCAG 2.5.3, label in name)', () => {
  it('begins with what the button shows, the initials then the first name, and says whose menu it is', () => {
    expect(accountMenuLabel('Maria Oliveira Santos')).toBe('MS Maria: menu da conta de Maria Oliveira Santos');
    expect(accountMenuLabel('Prata')).toBe('P Prata: menu da conta de Prata');
  });
});

describe('accountLinks for a company', () => {
  it("leaves out the individuals' IRPF guide, which a person still gets", () => {
    const keys = (accountType: 'individual' | 'company') =>
      accountLinks(aUser({ account_type: accountType })).map((link) => link.key);
    expect(keys('individual')).toContain('irpf');
    expect(keys('company')).not.toContain('irpf');
    expect(keys('company')).toEqual(keys('individual').filter((key) => key !== 'irpf'));
  });
});
