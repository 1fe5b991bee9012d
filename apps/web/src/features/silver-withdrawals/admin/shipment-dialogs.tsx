import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useIntention } from '@/lib/intention';
import { type AdminSilverWithdrawal, useMoveSilverWithdrawal } from './api';
import { brl, grams, PAYMENT_METHOD_LABELS } from './labels';
import { ReviewDialog } from '@/components/admin/review-dialog';

export type ShipmentAction = {
  kind: 'sent' | 'delivered' | 'reject' | 'retry-refund';
  order: AdminSilverWithdrawal;
};

const orderName = (order: AdminSilverWithdrawal) => `pedido nº ${order.id} de ${order.buyer.name}`;

/** 'Marcar enviado': the carrier's tracking code is required ('Informe o código de rastreio'); the buyer receives it. */
function SentDialog({ order, onClose }: { order: AdminSilverWithdrawal | null; onClose: () => void }) {
  const move = useMoveSilverWithdrawal();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const intention = useIntention({ sent: order?.id ?? null, code: code.trim() });

  const confirm = async () => {
    if (!order) return;
    const trackingCode = code.trim();
    if (!trackingCode) {
      setError(MESSAGES.trackingCodeRequired);
      return;
    }
    try {
      const answer = await intention.run((key) =>
        move.mutateAsync({ kind: 'sent', id: order.id, tracking_code: trackingCode, key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      const fieldError = isApiError(failure) ? failure.errors?.tracking_code?.[0] : undefined;
      if (fieldError) setError(fieldError);
      else {
        notify.error(failure);
        onClose();
      }
    }
  };

  return (
    <ConfirmDialog
      open={order !== null}
      title="Marcar como enviado"
      confirmLabel="Registrar envio"
      confirmColor="secondary"
      pending={intention.busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {order && (
        <Stack spacing={2}>
          <Typography>
            {grams(order.quantity_grams)} do {orderName(order)}, por {order.shipping.Carrier} (
            {order.shipping.ServiceDescription}). O comprador recebe o código de rastreio.
          </Typography>
          <TextField
            label="Código de rastreio"
            required
            autoFocus
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'Como a transportadora o informou, ex.: AA123456789BR'}
            slotProps={{ htmlInput: { maxLength: 60, autoCapitalize: 'characters', spellCheck: false } }}
          />
        </Stack>
      )}
    </ConfirmDialog>
  );
}

/** A move without a body (delivered, retry-refund) behind a confirmation: the server's message, then closed. */
function MoveConfirmDialog({
  order,
  kind,
  title,
  confirmLabel,
  confirmColor,
  onClose,
  children,
}: {
  order: AdminSilverWithdrawal | null;
  kind: 'delivered' | 'retry-refund';
  title: string;
  confirmLabel: string;
  confirmColor: 'secondary' | 'warning';
  onClose: () => void;
  children: (order: AdminSilverWithdrawal) => ReactNode;
}) {
  const move = useMoveSilverWithdrawal();
  const intention = useIntention({ kind, order: order?.id ?? null });
  const confirm = async () => {
    if (!order) return;
    try {
      const answer = await intention.run((key) => move.mutateAsync({ kind, id: order.id, key }));
      if (!answer) return;
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      notify.error(failure);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={order !== null}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor={confirmColor}
      pending={intention.busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {order && children(order)}
    </ConfirmDialog>
  );
}

/** 'Marcar entregue': a confirmation (it closes the order). */
function DeliveredDialog({ order, onClose }: { order: AdminSilverWithdrawal | null; onClose: () => void }) {
  return (
    <MoveConfirmDialog
      order={order}
      kind="delivered"
      title="Registrar a entrega?"
      confirmLabel="Marcar entregue"
      confirmColor="secondary"
      onClose={onClose}
    >
      {(o) => (
        <Typography>
          O {orderName(o)}
          {o.tracking_code ? ` (rastreio ${o.tracking_code})` : ''} fica registrado como entregue. Isso encerra o
          pedido.
        </Typography>
      )}
    </MoveConfirmDialog>
  );
}

/** What a rejection gives back, by how the order was paid. */
function refundText(order: AdminSilverWithdrawal): string {
  if (order.payment_method === 'balance') {
    return `A prata e os ${brl(order.total)} reservados voltam ao saldo de ${order.buyer.name}.`;
  }
  if (order.status === 'paid') {
    return `O Pix de ${brl(order.total)} é estornado no razão e devolvido a ${order.buyer.name} pelo provedor de pagamentos.`;
  }
  return 'O Pix ainda não foi pago: a cobrança é cancelada.';
}

/** 'Recusar': the reason is required (the buyer reads it by e-mail); what was paid or held goes back. */
function RejectDialog({ order, onClose }: { order: AdminSilverWithdrawal | null; onClose: () => void }) {
  const move = useMoveSilverWithdrawal();
  return (
    <ReviewDialog
      key={order ? `reject-${order.id}` : 'closed'}
      decision={order ? 'reject' : null}
      title="Recusar o pedido?"
      confirmLabel="Recusar e reembolsar"
      reasonHelp="O comprador lerá este texto no e-mail"
      onClose={onClose}
      onSubmit={async (reason, key) => {
        const answer = await move.mutateAsync({ kind: 'reject', id: order!.id, reason: reason ?? '', key });
        return { message: answer.message };
      }}
    >
      {order && (
        <Typography>
          O {orderName(order)} ({PAYMENT_METHOD_LABELS[order.payment_method]}) é recusado. {refundText(order)} As
          unidades voltam ao estoque e o uso do cupom é devolvido. Isso não pode ser desfeito.
        </Typography>
      )}
    </ReviewDialog>
  );
}

/**
 * 'Tentar reembolso de novo': a rejected order's paid Pix the provider did not refund (it refused, or was down). The
 * ledger already gave the money back; this asks the provider again. A refusal again is shown and the row stays
 * 'Reembolso pendente'.
 */
function RetryRefundDialog({ order, onClose }: { order: AdminSilverWithdrawal | null; onClose: () => void }) {
  return (
    <MoveConfirmDialog
      order={order}
      kind="retry-refund"
      title="Tentar o reembolso de novo?"
      confirmLabel="Pedir reembolso"
      confirmColor="warning"
      onClose={onClose}
    >
      {(o) => (
        <Typography>
          O provedor de pagamentos ainda não devolveu o Pix de {brl(o.total)} do {orderName(o)}. Pedimos o reembolso de
          novo; se ele recusar outra vez, o pedido continua como Reembolso pendente.
        </Typography>
      )}
    </MoveConfirmDialog>
  );
}

/** The moves of the queue; `action` null keeps them closed. Each mounts with a key, so it opens empty. */
export function ShipmentDialogs({ action, onClose }: { action: ShipmentAction | null; onClose: () => void }) {
  const of = (kind: ShipmentAction['kind']) => (action?.kind === kind ? action.order : null);
  return (
    <>
      <SentDialog key={`sent-${of('sent')?.id ?? 'closed'}`} order={of('sent')} onClose={onClose} />
      <DeliveredDialog order={of('delivered')} onClose={onClose} />
      <RejectDialog order={of('reject')} onClose={onClose} />
      <RetryRefundDialog order={of('retry-refund')} onClose={onClose} />
    </>
  );
}
