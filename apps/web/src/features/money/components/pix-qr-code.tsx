import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { copyText } from '@/lib/clipboard';
import type { PixQrCodeResponse } from '../api/types';
import { brl, QR_CODE_COPIED } from '../labels';

/** The spec's size of the QR image (spec 2 §2). */
const QR_SIZE = 256;

/**
 * A Pix deposit's QR code at 256 px and its copy-paste code ("Pix copia e cola") with a copy button. `qr` undefined
 * while it loads.
 */
export function PixQrCode({ qr, amount }: { qr: PixQrCodeResponse | undefined; amount: number }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {qr ? (
        <Box
          component="img"
          src={`data:image/png;base64,${qr.pixQrCode}`}
          alt={`QR Code do Pix de ${brl(amount)}`}
          width={QR_SIZE}
          height={QR_SIZE}
          sx={{
            width: QR_SIZE,
            height: QR_SIZE,
            boxSizing: 'content-box',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : (
        <Skeleton
          variant="rectangular"
          width={QR_SIZE}
          height={QR_SIZE}
          role="progressbar"
          aria-label="Carregando QR Code"
        />
      )}
      <TextField
        label="Pix copia e cola"
        value={qr?.pixCopiaECola ?? ''}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: '0.8125rem' } },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="contained"
        fullWidth
        startIcon={<ContentCopyOutlined />}
        disabled={!qr}
        onClick={() => qr && void copyText(qr.pixCopiaECola, QR_CODE_COPIED)}
      >
        Copiar código
      </Button>
    </Stack>
  );
}
