import type { Executor } from '@/db/client';
import { afterCommit } from '@/db/tx';
import { catalogueChanged } from './cache';
import * as repository from './repository/index';

/**
 * The catalogue's stock as orders of bars take it and give it back, in the order's transaction. Each move marks the
 * catalogue changed itself, so no caller has to remember to: once when it runs, and again once its transaction
 * commits. The first forgets what was computed before; the second what a visitor's request computed from the rows as
 * they were while the transaction was still open (the cache would otherwise keep that for up to a second, and what is
 * keyed on `catalogueVersion()` until the next change). Forgetting twice costs one computation more.
 */
function stockMoved(ex: Executor): void {
  catalogueChanged();
  afterCommit(ex, catalogueChanged);
}

/** Takes `quantity` units of an active product if that many are left; false when they were not (nothing moved). */
export async function takeStockIfLeft(tx: Executor, productTypeId: number, quantity: number): Promise<boolean> {
  const taken = await repository.takeStockIfLeft(tx, productTypeId, quantity);
  if (taken) stockMoved(tx);
  return taken;
}

/** Puts `quantity` units back in a product's stock (an order that will not ship). */
export async function returnStock(tx: Executor, productTypeId: number, quantity: number): Promise<void> {
  await repository.returnStock(tx, productTypeId, quantity);
  stockMoved(tx);
}

/** Adds `delta` units (negative: takes) to a product's stock unless it would go below zero; the row, or undefined. */
export async function addToStockUnlessNegative(ex: Executor, productTypeId: number, delta: number) {
  const row = await repository.addToStockUnlessNegative(ex, productTypeId, delta);
  if (row) stockMoved(ex);
  return row;
}
