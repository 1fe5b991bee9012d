import type { BatchWork } from './work';
import { availableRef } from './market';
import type { LedgerCommand, OpenOrder } from './types';

/**
 * An order filled whole by its own placement never needs its hold: its money moves from the available balance
 * straight to where its fills send it. Its hold, the captures of that hold (and of the holds a walk kept its rest
 * under) and its final release, all among the commands since `start` (its own placement's), become one transfer
 * per part, from its available account, in the same place in the batch. They add up to no more than the hold (a
 * buy's fills are charged within it; a sell's silver is its quantity), and nothing between them takes from that
 * balance (the other commands since `start` are the makers' captures, which only credit this owner, and a seller's
 * fee and IOF, paid from what the sale just credited); the ledger checks the balance as the batch leaves it. The
 * balances the core tracks end the same.
 */
export function settleAtOnce(work: BatchWork, o: OpenOrder, start: number) {
  const own = (holdId: string) => holdId.startsWith(`order:${o.id}:`);
  const from = availableRef(o.owner);
  const side = o.side === 'buy' ? 'buyer' : 'seller';
  const out: LedgerCommand[] = [];
  const commands = work.ledgerCommands;
  for (let i = start; i < commands.length; i++) {
    const cmd = commands[i]!;
    if ((cmd.kind === 'hold' && own(cmd.id)) || (cmd.kind === 'release' && own(cmd.holdId))) continue;
    if (cmd.kind !== 'capture' || !own(cmd.holdId)) {
      out.push(cmd);
      continue;
    }
    const tradeId = work.takerCaptures.get(cmd);
    if (tradeId === undefined) throw new Error(`orders: capture of ${cmd.holdId} without its trade`);
    for (const part of cmd.parts) {
      out.push({
        kind: 'transfer',
        id: `trade:${tradeId}:${side}-${part.code.replace(/^trade\./, '')}`,
        debit: from,
        credit: part.to,
        currency: cmd.currency,
        amount: part.amount,
        code: part.code,
      });
    }
  }
  commands.splice(start, commands.length - start, ...out);
}
