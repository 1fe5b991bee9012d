import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { isApiError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type CustomerDetail, type RegistrationDecision, useReviewCustomer } from '../api/customers';

/**
 * A registration's review: which decisions its status allows, the open dialog, the approval's note and the
 * rejection's reason (required), each decision one intention (lib/intention.ts).
 */
export function useCustomerReview(detail: CustomerDetail) {
  const { customer } = detail;
  const review = useReviewCustomer(customer.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const canApprove =
    (customer.status === 'pending' || customer.status === 'rejected') && customer.registration_complete;
  const canReject = customer.status === 'pending';
  const approval: RegistrationDecision = { decision: 'approve', ...(note.trim() ? { note: note.trim() } : {}) };
  const rejection: RegistrationDecision = { decision: 'reject', reason: reason.trim() };
  const intention = useIntention(dialog === 'reject' ? rejection : approval);

  const close = () => {
    setDialog(null);
    setReasonError(null);
  };

  const approve = () =>
    intention
      .run((key) => review.mutateAsync({ decision: approval, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          setNote('');
          close();
        },
        (error: unknown) => {
          notify.error(error);
          close();
        },
      );

  const reject = () => {
    if (!reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    intention
      .run((key) => review.mutateAsync({ decision: rejection, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          setReason('');
          close();
        },
        (error: unknown) => {
          const fieldError = isApiError(error) ? error.errors?.reason?.[0] : undefined;
          if (fieldError) setReasonError(fieldError);
          else {
            notify.error(error);
            close();
          }
        },
      );
  };

  const changeReason = (text: string) => {
    setReason(text);
    if (reasonError) setReasonError(null);
  };
  return {
    ...{ canApprove, canReject, dialog, setDialog, note, setNote, reason, changeReason, reasonError },
    ...{ approve, reject, close, busy: intention.busy },
  };
}
