import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { PIX_SLUG } from '../checkout-state';
import { BackToCatalogue } from './back-to-catalogue';
import { OrderPanel } from './order-panel';
import { PaymentReview } from './payment-review';
import type { useCheckout } from './use-checkout';

/**
 * The checkout's last panel: the order once made (its Pix, its renewal), else the figures to pay, the calculation's
 * error with 'Tentar de novo', or a skeleton while they are asked.
 */
export function CheckoutPayment({ checkout: c }: { checkout: ReturnType<typeof useCheckout> }) {
  const { orderToken, order, charge, address, shipping, buyer } = c;
  if (orderToken) {
    if (order.data)
      return (
        <OrderPanel
          order={order.data.silverWithdrawal}
          email={c.isLoggedIn ? null : (c.guest?.email ?? null)}
          deliveryDays={shipping?.DeliveryTime ?? null}
          signedIn={c.isLoggedIn}
          onShowPix={() => c.go(PIX_SLUG)}
          onRenew={c.renew}
          headingRef={c.orderHeading}
        />
      );
    if (order.isError) return <BackToCatalogue error={order.error} />;
    return <Skeleton variant="rounded" height={240} role="progressbar" aria-label="Carregando o pedido" />;
  }
  if (charge.charge && address && shipping && buyer)
    return (
      <PaymentReview
        charge={charge.charge}
        lines={c.lines}
        buyer={buyer}
        address={address}
        city={c.state.city}
        shipping={shipping}
        onBack={c.back}
        onExplain={() => c.setFeesOpen(true)}
        onCoupon={() => c.setCouponOpen(true)}
        onPay={() => void c.pay()}
        busy={c.paying}
        pending={charge.pending}
      />
    );
  if (c.chargeError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={c.retryCharge}>
            Tentar de novo
          </Button>
        }
      >
        {c.chargeError}
      </Alert>
    );
  return <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Calculando os valores" />;
}
