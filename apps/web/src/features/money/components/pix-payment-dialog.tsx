import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CountdownAnnouncer, PAYMENT_MILESTONES_SECONDS, sayPixLeft } from '@/components/countdown-announcer';
import { MoneyText } from '@/components/money-text';
import { countdownText, useSecondsLeft } from '@/lib/countdown';
import type { PixQrCodeResponse } from '../api/types';
import { brl, PIX_EXPIRED } from '../labels';
import { PixQrCode } from './pix-qr-code';
import { useWaitForPixPayment } from './use-wait-for-payment';

/**
 * A Pix deposit waiting for its payment: the amount, the QR code, the copy button, and the wait (GET /api/deposit
 * every 3 s); once it is paid the dialog closes by itself and the balances refresh. `note` is the server's message
 * (after creating the QR code); `actions` adds buttons (cancel the deposit). A countdown shows how long the code can
 * still be paid; at zero the code is taken away and the dialog says it expired.
 */
export function PixPaymentDialog({
  deposit,
  qr,
  qrError,
  note,
  actions,
  watch = true,
  onClose,
  onExited,
}: {
  deposit: { id: number; amount: number; expires_at?: string | null } | null;
  qr: PixQrCodeResponse | undefined;
  qrError?: string | null;
  note?: string;
  actions?: ReactNode;
  /** false while the deposit is being cancelled: its leaving the pending list is then no payment */
  watch?: boolean;
  onClose: () => void;
  /** once closed: the opener was disabled while the QR code was made, and lost the focus (lib/focus.ts) */
  onExited?: (node: HTMLElement) => void;
}) {
  const secondsLeft = useSecondsLeft(deposit?.expires_at);
  const expired = secondsLeft === 0;
  useWaitForPixPayment(watch && !expired ? deposit : null, onClose);
  return (
    <Dialog
      open={deposit !== null}
      onClose={onClose}
      aria-labelledby="pix-payment-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="pix-payment-title">Pague com Pix</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            Valor: <MoneyText sx={{ fontWeight: 700 }}>{deposit ? brl(deposit.amount) : ''}</MoneyText>
          </Typography>
          {note && (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          )}
          {expired ? (
            <Alert severity="warning">{PIX_EXPIRED}</Alert>
          ) : qrError ? (
            <Alert severity="error">{qrError}</Alert>
          ) : (
            deposit && <PixQrCode qr={qr} amount={deposit.amount} />
          )}
          {!expired && secondsLeft !== null && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} role="timer">
              Expira em <span style={{ fontVariantNumeric: 'tabular-nums' }}>{countdownText(secondsLeft)}</span>
            </Typography>
          )}
          <CountdownAnnouncer secondsLeft={secondsLeft} milestones={PAYMENT_MILESTONES_SECONDS} say={sayPixLeft} />
          {!expired && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body2" color="text.secondary">
                Aguardando o pagamento. Esta janela fecha sozinha quando o Pix chegar.
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
