import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { ChargeBreakdown } from '@/features/catalogue';
import type { useSilverWithdrawal } from './use-silver-withdrawal';

/**
 * The wizard's last step: the server's breakdown of the charges, the coupon, and the two ways to pay. "Pagar com
 * saldo" opens the page's confirmation first; "Pagar com Pix" asks for the QR code at once.
 */
export function PaymentStep({ wizard }: { wizard: ReturnType<typeof useSilverWithdrawal> }) {
  const { charge, paying, balanceShort } = wizard;
  if (!charge.charge) return null;
  return (
    <Stack spacing={2.5}>
      <ChargeBreakdown
        totals={charge.charge.totals}
        coupon={charge.charge.coupon}
        explanation={charge.charge.explanation}
        onExplain={() => wizard.setFeesOpen(true)}
      />
      <Box>
        <Button startIcon={<LocalOfferOutlined />} onClick={() => wizard.setCouponOpen(true)} sx={{ ml: -0.5 }}>
          {charge.charge.coupon ? `Cupom ${charge.charge.coupon.code}` : 'Tenho um cupom'}
        </Button>
      </Box>
      <Typography variant="body2" color={balanceShort ? 'warning.main' : 'text.secondary'}>
        {balanceShort
          ? MESSAGES.insufficientReais
          : 'Pagando com saldo, o total sai do seu saldo em reais na hora; pelo Pix, a retirada segue quando o pagamento chegar.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          size="large"
          startIcon={<AccountBalanceWalletOutlined />}
          onClick={() => wizard.setConfirmingBalance(true)}
          disabled={paying || charge.pending || balanceShort}
        >
          Pagar com saldo
        </Button>
        <Button
          variant="contained"
          size="large"
          startIcon={<PixOutlined />}
          onClick={() => void wizard.pay('pix')}
          disabled={paying || charge.pending}
        >
          Pagar com Pix
        </Button>
      </Stack>
    </Stack>
  );
}
