import type { Executor } from '@/db/client';
import { type ReconciliationReport, type ReconciliationScope, registerReconciliationCheck } from '@/ledger/index';
import { ordersDriftingFromHolds, strayOrdersAndTrades } from './repository/index';

/**
 * Orders and their holds agree (docs/orders.md): an open order holds exactly what its rest needs (a sell its open
 * grams, a buy its summary's total minus what its fills were charged) under its current hold; a closed order holds
 * nothing. Only the open orders (orders_open_idx) and the orders named by an open hold can break this, so it reads
 * those, never the history of orders: cheap at any size, in a full run as in an incremental one.
 */
async function ordersMatchHolds(db: Executor, report: ReconciliationReport, scope: ReconciliationScope): Promise<void> {
  const orderDrift = await ordersDriftingFromHolds(db);
  report(
    orderDrift.map((o) =>
      o.status === 'open'
        ? `ordem ${o.id}: aberta, reserva de ${o.held ?? 'nada'} em vez de ${o.expected}`
        : `ordem ${o.id}: ${o.status}, mas com ${o.open} reserva(s) aberta(s)`,
    ),
  );
  // ... and every order's customer exists, and every trade is between a buy and a sell order that exist, its taker's
  // side the taker order's (the matcher alone writes them; no foreign keys on its hot path)
  report(await strayOrdersAndTrades(db, scope));
}

/** Registers the checks of the order book with the ledger's reconciliation (wired in features/index.ts). */
export function registerOrdersReconciliation(): void {
  registerReconciliationCheck('orders', ordersMatchHolds);
}
