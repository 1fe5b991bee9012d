import { describe, expect, it } from 'vitest';
import { HISTORY_TABS, historyTabFromParam, historyTabIndex } from './tabs';

describe('/meu-historico tabs', () => {
  it("keeps the spec's values and indices, with 'Ordens canceladas' as ordens-canceladas at 6", () => {
    expect(HISTORY_TABS.map((tab) => tab.value)).toEqual([
      'dinheiro-adicionado',
      'dinheiro-retirado',
      'prata-retirada',
      'prata-transferida',
      'ordens-realizadas',
      'demais-eventos',
      'ordens-canceladas',
    ]);
    expect(historyTabIndex('demais-eventos')).toBe(5);
    expect(historyTabIndex('ordens-canceladas')).toBe(6);
    expect(historyTabIndex(undefined)).toBe(0);
    expect(historyTabFromParam('qualquer')).toBeNull();
  });

  it('reads every tab from its endpoint: deposits, withdrawals, silver withdrawals and transfers, orders, event logs', () => {
    const live = HISTORY_TABS.filter((tab) => tab.source !== null);
    expect(live.map((tab) => [tab.value, tab.source])).toEqual([
      ['dinheiro-adicionado', { path: '/deposits', key: 'deposits' }],
      ['dinheiro-retirado', { path: '/withdrawals', key: 'withdrawals' }],
      ['prata-retirada', { path: '/silver-withdrawals', key: 'silverWithdrawals' }],
      ['prata-transferida', { path: '/silver-transfers', key: 'silverTransfers' }],
      ['ordens-realizadas', { path: '/orders/completed', key: 'orders' }],
      ['demais-eventos', { path: '/event-logs', key: 'event_logs' }],
      ['ordens-canceladas', { path: '/orders/deleted', key: 'deleted_orders' }],
    ]);
  });
});
