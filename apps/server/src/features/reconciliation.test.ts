import { describe, expect, it } from 'vitest';
import { reconciliationCheckNames } from '../ledger/index';
import { registerFeatureReconciliation } from './index';

describe("the features' reconciliation checks", () => {
  it('are registered once each, in the order of the report, however often the wiring runs', () => {
    registerFeatureReconciliation();
    registerFeatureReconciliation();
    expect(reconciliationCheckNames()).toEqual([
      'money.deposits',
      'money.withdrawals',
      'orders',
      'silver-withdrawals',
      'silver-transfers',
      'affiliates.rewards',
    ]);
  });
});
