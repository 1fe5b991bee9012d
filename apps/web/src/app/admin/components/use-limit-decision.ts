import { MESSAGES, parseAmountInput } from '@prata/domain';
import { useState } from 'react';
import type { Decision } from '@/components/admin/review-queue';
import { centsToDecimalText } from '@/components/money-field';
import { hasErrorCode } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type LimitDecision, type PendingLimitRequest, useReviewLimitRequest } from '../api/limit-requests';

/**
 * A limit request's decision: approve the asked limit or another amount, or reject with the reason the customer
 * reads; each request opens with its asked limit and no reason, and each decision is one intention.
 */
export function useLimitDecision(decision: Decision<PendingLimitRequest> | null, onClose: () => void) {
  const review = useReviewLimitRequest();
  const request = decision?.row;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<number | null>(null);

  // Each request opens with the asked limit filled in and no reason.
  if (request && shownFor !== request.id) {
    setShownFor(request.id);
    setAmount(centsToDecimalText(toMinorUnits(request.new_limit)));
    setReason('');
    setError(null);
  }

  const close = () => {
    setShownFor(null);
    onClose();
  };
  const intention = useIntention({ id: request?.id, kind: decision?.kind, amount, reason: reason.trim() });
  const send = (id: number, chosen: LimitDecision) =>
    intention
      .run((key) => review.mutateAsync({ id, decision: chosen, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          close();
        },
        (failure: unknown) => {
          notify.error(failure);
          if (!hasErrorCode(failure, 'VALIDATION_FAILED')) close();
        },
      );

  const submit = () => {
    if (!decision || !request) return;
    if (decision.kind === 'reject') {
      if (!reason.trim()) return setError(MESSAGES.reasonRequired);
      return void send(request.id, { decision: 'reject', reason: reason.trim() });
    }
    const parsed = parseAmountInput(amount);
    if (!parsed.ok) return setError(parsed.reason === 'empty' ? MESSAGES.newLimitRequired : MESSAGES.amountInvalid);
    const asked = toMinorUnits(request.new_limit);
    void send(
      request.id,
      parsed.minor === asked
        ? { decision: 'approve' }
        : { decision: 'approve', approved_limit: centsToDecimalText(parsed.minor) },
    );
  };

  const edit = (set: (text: string) => void) => (text: string) => {
    set(text);
    setError(null);
  };
  return {
    request,
    amount,
    setAmount: edit(setAmount),
    reason,
    setReason: edit(setReason),
    error,
    close,
    submit,
    busy: intention.busy,
  };
}
