import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money-text';
import { StatusChip } from '@/components/status-chip';
import { firstError } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { notify } from '@/lib/notify';
import { useDialogParam } from '@/lib/search-params';
import { useCancelDeposit, useDepositQrCode } from '../api/deposits';
import type { Deposit } from '../api/types';
import { brl, depositLabel } from '../labels';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { PixPaymentDialog } from './pix-payment-dialog';

/** "Cancelar depósito" and its confirmation; `compact` for a table row (the history). */
function CancelDepositButton({
  deposit,
  onCancelling = () => {},
  onCancelled = () => {},
  compact = false,
}: {
  deposit: Deposit;
  onCancelling?: (cancelling: boolean) => void;
  onCancelled?: () => void;
  compact?: boolean;
}) {
  // in the address, so a phone turned keeps it open; the row's and the Pix dialog's are two (both can be on screen)
  const dialog = useDialogParam(compact ? 'cancelar' : 'cancelar-pix', `deposito-${deposit.id}`);
  const cancel = useCancelDeposit();
  const handle = useRegistrationErrorHandler();
  return (
    <>
      {compact ? (
        <Button
          size="small"
          color="error"
          onClick={() => dialog.show()}
          aria-label={`Cancelar ${depositLabel(deposit)}`}
        >
          Cancelar
        </Button>
      ) : (
        <Button color="error" onClick={() => dialog.show()} sx={{ mr: 'auto' }}>
          Cancelar depósito
        </Button>
      )}
      <ConfirmDialog
        open={dialog.open}
        title="Cancelar depósito?"
        confirmLabel="Cancelar depósito"
        cancelLabel="Voltar"
        confirmColor="error"
        pending={cancel.isPending}
        onClose={() => dialog.close()}
        onConfirm={async () => {
          onCancelling(true);
          // awaited rather than mutate's callbacks: in the history the row (and this button) leaves the screen as
          // soon as the lists refresh, and the customer must still be told
          try {
            const { message } = await cancel.mutateAsync(deposit.id);
            notify.success(message);
            dialog.close();
            onCancelled();
          } catch (error) {
            onCancelling(false);
            dialog.close();
            handle(error);
          }
        }}
      >
        <Typography>
          O QR Code do depósito de <MoneyText sx={{ fontWeight: 600 }}>{brl(deposit.amount)}</MoneyText> deixará de
          valer. Se você já pagou, não cancele: o valor entra no seu saldo assim que o Pix chegar.
        </Typography>
      </ConfirmDialog>
    </>
  );
}

function PixDepositDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const qr = useDepositQrCode(deposit.id, true);
  const [cancelling, setCancelling] = useState(false);
  return (
    <PixPaymentDialog
      deposit={deposit}
      watch={!cancelling}
      qr={qr.data}
      qrError={qr.isError ? firstError(qr.error) : null}
      note={`Criado em ${formatDateTimeBR(deposit.created_at)}.`}
      actions={<CancelDepositButton deposit={deposit} onCancelling={setCancelling} onCancelled={onClose} />}
      onClose={onClose}
    />
  );
}

function TedDepositDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="ted-deposit-title" fullWidth maxWidth="xs">
      <DialogTitle id="ted-deposit-title">Depósito por TED</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography>
            Valor: <MoneyText sx={{ fontWeight: 700 }}>{brl(deposit.amount)}</MoneyText>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Enviado em {formatDateTimeBR(deposit.created_at)}.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip status={deposit.status} />
            <Typography variant="body2" color="text.secondary">
              Estamos conferindo a transferência.
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {deposit.has_receipt && (
          <Button
            onClick={() => void downloadFromApi(`/deposit/${deposit.id}/receipt`, `comprovante-deposito-${deposit.id}`)}
            sx={{ mr: 'auto' }}
          >
            Ver comprovante
          </Button>
        )}
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A pending Pix charge's actions where deposits are listed (the history): "Pagar" reopens its QR code, copy-paste
 * code and countdown; "Cancelar" cancels it after a confirmation. Nothing for any other deposit.
 */
export function PendingPixActions({ deposit }: { deposit: Deposit }) {
  // in the address: turning a phone makes the list a table, whose rows are new, and the QR code stays open
  const dialog = useDialogParam('pagar', String(deposit.id));
  if (deposit.method !== 'pix' || deposit.status !== 'pending') return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={dialog.show}
        aria-label={`Pagar ${depositLabel(deposit)}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Pagar
      </Button>
      <CancelDepositButton deposit={deposit} compact />
      <DepositDetailsDialog deposit={dialog.open ? deposit : null} onClose={dialog.close} />
    </Stack>
  );
}

/** A pending deposit's details (spec 2 §2): a Pix one with its QR code and cancel button, a TED one with its receipt. */
export function DepositDetailsDialog({ deposit, onClose }: { deposit: Deposit | null; onClose: () => void }) {
  if (!deposit) return null;
  return deposit.method === 'pix' ? (
    <PixDepositDialog key={deposit.id} deposit={deposit} onClose={onClose} />
  ) : (
    <TedDepositDialog key={deposit.id} deposit={deposit} onClose={onClose} />
  );
}
