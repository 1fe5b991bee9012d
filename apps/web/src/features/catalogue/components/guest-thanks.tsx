import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateSilverWithdrawalResponse } from '@prata/domain';
import { MoneyText } from '../../../components/money-text';
import { RouterLink } from '../../../components/router-link';
import { brl, businessDays } from '../labels';

/**
 * Where a guest lands after closing the Pix dialog (a guest has no history to go to): the order's number, what
 * happens next, the QR code again, and an invitation to create an account.
 */
export function GuestThanks({
  order,
  email,
  deliveryDays,
  onShowPix,
}: {
  order: CreateSilverWithdrawalResponse;
  email: string;
  deliveryDays: number;
  onShowPix: () => void;
}) {
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }} role="status">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <CheckCircleOutline color="success" fontSize="large" />
        <Typography variant="h3" component="h2">
          Pedido nº {order.silverWithdrawal.id} recebido
        </Typography>
      </Stack>
      <Typography>
        Assim que o Pix de <MoneyText sx={{ fontWeight: 700 }}>{brl(order.silverWithdrawal.total)}</MoneyText> for
        confirmado, separamos as suas barras e as enviamos com seguro. A entrega leva até {businessDays(deliveryDays)}{' '}
        depois da confirmação.
      </Typography>
      <Typography color="text.secondary">
        Enviaremos a confirmação do pagamento e o código de rastreio para <strong>{email}</strong>. Um Pix não pago
        dentro do prazo expira e o pedido é cancelado sozinho.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignSelf: 'stretch' }}>
        <Button variant="outlined" onClick={onShowPix}>
          Ver o QR Code de novo
        </Button>
        <Button component={RouterLink} to="/register">
          Criar conta para acompanhar
        </Button>
        <Button component={RouterLink} to="/comprar-prata" variant="contained" sx={{ ml: { sm: 'auto' } }}>
          Voltar ao catálogo
        </Button>
      </Stack>
    </Stack>
  );
}
