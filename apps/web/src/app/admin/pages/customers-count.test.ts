import { describe, expect, it } from 'vitest';
import { customersCount } from './customers-page';

describe('the customers count above the list', () => {
  it('reads the exact total, or "mais de" a capped one', () => {
    expect(customersCount({ total: 1 })).toBe('1 cliente');
    expect(customersCount({ total: 1234 })).toBe('1.234 clientes');
    expect(customersCount({ total: 200, total_capped: true })).toBe('mais de 200 clientes');
  });
});
