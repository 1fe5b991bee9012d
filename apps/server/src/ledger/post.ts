import type { Executor } from '@/db/client';
import {
  type CaptureInput,
  type CaptureResult,
  execute,
  type HoldInput,
  type HoldResult,
  type ReleaseResult,
  type TransferInput,
  type TransferResult,
} from './execute';

/** Posts one transfer (see execute): its result, never an exception for a refusal or a duplicate. */
export async function post(ex: Executor, transfer: TransferInput): Promise<TransferResult> {
  const [result] = await execute(ex, [{ kind: 'transfer', ...transfer }]);
  return result as TransferResult;
}

/**
 * Posts transfers in order, one result each. Each transfer's balance check sees the balances the transfers before it
 * left (never the net of the batch). A refused transfer does not undo the others, except those linked to it
 * (`linked: true` chains a transfer to the next); `atomic` makes the whole batch one chain: all or nothing.
 */
export async function postBatch(
  ex: Executor,
  transfers: TransferInput[],
  opts: { atomic?: boolean } = {},
): Promise<TransferResult[]> {
  return (await execute(
    ex,
    transfers.map((t) => ({ kind: 'transfer' as const, ...t })),
    opts,
  )) as TransferResult[];
}

/** Reserves part of a holder's available balance: available → held, and a hold record in state 'held'. */
export async function hold(ex: Executor, input: HoldInput): Promise<HoldResult> {
  const [result] = await execute(ex, [{ kind: 'hold', ...input }]);
  return result as HoldResult;
}

/** Gives a hold back: held → available, state 'released'. Releasing it again is a no-op reported as a duplicate. */
export async function release(ex: Executor, holdId: string): Promise<ReleaseResult> {
  const [result] = await execute(ex, [{ kind: 'release', holdId }]);
  return result as ReleaseResult;
}

/**
 * Uses a hold: its parts go from the held account to their destinations, in the same transaction; the rest goes back
 * to available, or stays held under `remainderHoldId`. State 'captured'; capturing it again is a no-op reported as a
 * duplicate (with the first capture's figures).
 */
export async function capture(ex: Executor, input: CaptureInput): Promise<CaptureResult> {
  const [result] = await execute(ex, [{ kind: 'capture', ...input }]);
  return result as CaptureResult;
}
