import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

/**
 * The statuses of history rows, with the spec's labels (spec 2 §2, §4); paid, sent, delivered and expired as
 * SILVER_WITHDRAWAL_STATUS_LABELS says them (a silver order's journey).
 */
export const STATUS_LABELS = {
  pending: 'Em análise',
  cancelled: 'Cancelado',
  approved: 'Aprovado',
  rejected: 'Recusado',
  paid: 'Pago',
  sent: 'Enviado',
  delivered: 'Entregue',
  expired: 'Expirado',
  completed: 'Realizada',
} as const;

/**
 * Waiting is amber, refused red, closed without effect grey; a silver order's journey goes teal (paid: the money is
 * in, to pack), blue (sent: on its way), green (delivered).
 */
export const STATUS_COLORS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  cancelled: 'default',
  approved: 'success',
  rejected: 'error',
  paid: 'secondary',
  sent: 'info',
  delivered: 'success',
  expired: 'default',
  completed: 'success',
  closed: 'default',
};

/** The label of a status; an unknown status shows as it came, rather than disappearing. */
export function statusLabel(status: string, labels: Record<string, string> = STATUS_LABELS): string {
  return labels[status] ?? status;
}

/** A coloured chip with a status's label. `labels` adds or replaces labels (the back office's 'closed'). */
export function StatusChip({
  status,
  labels,
  size = 'small',
}: {
  status: string;
  labels?: Record<string, string>;
  size?: ChipProps['size'];
}) {
  const all: Record<string, string> = { ...STATUS_LABELS, ...labels };
  return (
    <Chip
      label={statusLabel(status, all)}
      color={STATUS_COLORS[status] ?? 'default'}
      size={size}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** 'ver motivo': opens a dialog with the reason of a rejection. */
export function ReasonButton({ reason, title = 'Motivo da recusa' }: { reason: string; title?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} sx={{ minWidth: 0, px: 0.75, py: 0 }}>
        ver motivo
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reason-title" fullWidth maxWidth="xs">
        <DialogTitle id="reason-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ whiteSpace: 'pre-wrap', color: 'text.primary' }}>{reason}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} autoFocus>
            Fechar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The chip, plus 'ver motivo' when the row was rejected with a reason. */
export function StatusWithReason({
  status,
  reason,
  labels,
}: {
  status: string;
  reason?: string | null;
  labels?: Record<string, string>;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <StatusChip status={status} labels={labels} />
      {status === 'rejected' && reason ? <ReasonButton reason={reason} /> : null}
    </Stack>
  );
}
