import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, formatGrams, type SilverTransfer } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { toMinorUnits } from '@/lib/format';
import { openTransferReceipt } from '../api/receipt';

const TRANSFERS_HISTORY_PATH = '/meu-historico/prata-transferida';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>{value}</Typography>
    </Stack>
  );
}

/** The receipt dialog (spec 3 "Transferir prata"): what was sent, the PDF download, and the way to the history. */
export function TransferReceiptDialog({
  transfer,
  message,
  onClose,
  onExited,
}: {
  transfer: SilverTransfer | null;
  message: string;
  onClose: () => void;
  /** once closed: the form that opened it was reset, so the screen says where the focus goes (lib/focus.ts) */
  onExited?: (node: HTMLElement) => void;
}) {
  const pending = transfer?.status === 'pending';
  return (
    <Dialog
      open={transfer !== null}
      onClose={onClose}
      aria-labelledby="transfer-receipt-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      {transfer && (
        <>
          <DialogTitle id="transfer-receipt-title">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {pending ? <HourglassTopOutlined color="warning" /> : <CheckCircleOutline color="success" />}
              <span>{pending ? 'Transferência reservada' : 'Transferência realizada'}</span>
            </Stack>
          </DialogTitle>
          <DialogContent>
            {pending && <Typography sx={{ mb: 2 }}>{message}</Typography>}
            <Box sx={{ mb: 1 }}>
              <Line label="Transferência nº" value={String(transfer.id)} />
              <Line label="Data" value={formatDateTimeBR(transfer.created_at)} />
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
                <Typography color="text.secondary">Quantidade</Typography>
                <MoneyText sx={{ fontWeight: 700 }}>{formatGrams(toMinorUnits(transfer.quantity_grams))}</MoneyText>
              </Stack>
              <Line
                label="Recebedor"
                value={transfer.receiver?.name ?? transfer.receiver_email ?? transfer.receiver?.email ?? '—'}
              />
              {transfer.expires_at && (
                <Line label="Aguarda cadastro até" value={formatDateTimeBR(transfer.expires_at)} />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              Transferências entre clientes Prata são gratuitas.
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to={TRANSFERS_HISTORY_PATH} onClick={onClose}>
              Ver no histórico
            </Button>
            <Button
              variant="contained"
              startIcon={<PictureAsPdfOutlined />}
              onClick={() => void openTransferReceipt(transfer.id)}
            >
              Baixar comprovante
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
