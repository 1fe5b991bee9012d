import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateSilverWithdrawalResponse } from '@prata/domain';
import { MoneyText } from '../../../components/money-text';
import { RouterLink } from '../../../components/router-link';
import { PixQrCode } from '../../money';
import { brl } from '../labels';

/**
 * The Pix of a silver order (spec 1 §2.5, spec 3 "Retirar prata"): the amount, the QR code image and the copy button
 * ('Código do QR Code copiado'). `closeTo` makes the close button a link (a customer goes to
 * /meu-historico/prata-retirada); Escape and the backdrop call `onClose`, which should lead to the same place.
 */
export function SilverPixDialog({
  payment,
  closeTo,
  closeLabel = 'Fechar',
  onClose,
}: {
  payment: CreateSilverWithdrawalResponse | null;
  closeTo?: string;
  closeLabel?: string;
  onClose: () => void;
}) {
  const qr =
    payment?.pixQrCode && payment.pixCopiaECola
      ? { pixQrCode: payment.pixQrCode, pixCopiaECola: payment.pixCopiaECola }
      : undefined;
  const amount = payment?.silverWithdrawal.total ?? 0;
  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      aria-labelledby="silver-pix-title"
      fullWidth
      maxWidth="xs"
      disableRestoreFocus
    >
      <DialogTitle id="silver-pix-title">Pague com Pix</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            Valor: <MoneyText sx={{ fontWeight: 700 }}>{brl(amount)}</MoneyText>
          </Typography>
          {payment?.message && (
            <Typography variant="body2" color="text.secondary">
              {payment.message}
            </Typography>
          )}
          {payment && <PixQrCode qr={qr} amount={amount} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {closeTo ? (
          <Button component={RouterLink} to={closeTo} variant="outlined">
            {closeLabel}
          </Button>
        ) : (
          <Button onClick={onClose} variant="outlined">
            {closeLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
