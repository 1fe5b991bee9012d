import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ComponentProps } from 'react';
import { ChargeBreakdown } from './charge-breakdown';
import { CheckoutReview } from './checkout-review';

/**
 * The checkout's payment step before the order exists: the review, the charge's breakdown, and the buttons (back, the
 * coupon, 'Fazer um Pix').
 */
export function PaymentReview({
  onBack,
  onExplain,
  onCoupon,
  onPay,
  busy,
  pending,
  ...review
}: ComponentProps<typeof CheckoutReview> & {
  onBack: () => void;
  onExplain: () => void;
  onCoupon: () => void;
  onPay: () => void;
  /** the order is being created */
  busy: boolean;
  /** the figures are being calculated again */
  pending: boolean;
}) {
  const { charge } = review;
  return (
    <Stack spacing={3}>
      <CheckoutReview {...review} />
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
        <ChargeBreakdown
          totals={charge.totals}
          coupon={charge.coupon}
          explanation={charge.explanation}
          onExplain={onExplain}
        />
      </Paper>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button color="inherit" onClick={onBack}>
          Voltar
        </Button>
        <Button startIcon={<LocalOfferOutlined />} onClick={onCoupon}>
          {charge.coupon ? `Cupom ${charge.coupon.code}` : 'Tenho um cupom'}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          size="large"
          startIcon={<PixOutlined />}
          onClick={onPay}
          disabled={busy || pending}
          aria-busy={busy}
        >
          Fazer um Pix
        </Button>
      </Stack>
    </Stack>
  );
}
