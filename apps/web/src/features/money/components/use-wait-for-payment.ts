import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { USER_QUERY_KEY } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { findRecentDeposit, useDepositOverview } from '../api/deposits';
import { DEPOSIT_NOT_PENDING, pixReceived } from '../labels';

/** How often the screen asks whether a Pix on screen was paid. */
const PAYMENT_POLL_MS = 3_000;

/**
 * While a Pix deposit's QR code is on screen, asks GET /api/deposit every 3 s. Once the deposit leaves the pending
 * list, `onDone` runs (the dialog closes), the signed-in user is refreshed (the drawer's balances) and the customer is
 * told how it ended: paid (the usual case) or no longer pending (cancelled elsewhere, expired).
 * Only answers that arrived after the QR code appeared count, so an older list without the new deposit is not
 * mistaken for a payment.
 */
export function useWaitForPixPayment(deposit: { id: number; amount: number } | null, onDone: () => void) {
  const queryClient = useQueryClient();
  const overview = useDepositOverview({ pollMs: deposit ? PAYMENT_POLL_MS : undefined });
  const watching = useRef<{ id: number; since: number; done: boolean } | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const id = deposit?.id ?? null;
  if (id === null) watching.current = null;
  else if (watching.current?.id !== id) watching.current = { id, since: Date.now(), done: false };

  const { data, dataUpdatedAt } = overview;
  const amount = deposit?.amount ?? 0;
  useEffect(() => {
    const current = watching.current;
    if (!current || current.done || !data || dataUpdatedAt < current.since) return;
    if (data.pendingDeposits.some((pending) => pending.id === current.id)) return;
    current.done = true;
    done.current();
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['history'] });
    findRecentDeposit(current.id).then(
      (found) => {
        if (!found || found.status === 'approved') notify.success(pixReceived(found?.amount ?? amount));
        else notify.info(DEPOSIT_NOT_PENDING);
      },
      () => notify.success(pixReceived(amount)),
    );
  }, [data, dataUpdatedAt, amount, queryClient]);
}
