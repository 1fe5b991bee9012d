import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page';
import { focusIfLost } from '../../../lib/focus';
import { useSearchParams } from '../../../lib/search-params';
import { AddressForm } from '../../profile';
import { useProductType } from '../api/use-product-types';
import { PAYMENT_STEP, type SavedCheckout, startingState } from '../checkout-state';
import { Locked, Panel } from '../components/checkout-panels';
import { BackToCatalogue } from '../components/back-to-catalogue';
import { BuyerStep } from '../components/buyer-step';
import { CartStep } from '../components/cart-step';
import { CheckoutPayment } from '../components/checkout-payment';
import { CouponDialog } from '../components/coupon-dialog';
import { FeeInfoDialog } from '../components/fee-info-dialog';
import { ShippingOptions } from '../components/shipping-options';
import { SilverPixDialog } from '../components/silver-pix-dialog';
import { StepButtons } from '../components/step-buttons';
import { useCheckout } from '../components/use-checkout';
import { CHECKOUT_STEPS, SILVER_HISTORY_PATH } from '../labels';

/** The stepper and its five panels (use-checkout.ts holds the steps), then the dialogs. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: five panels and three dialogs, all JSX
function Checkout({ initial }: { initial: SavedCheckout }) {
  const c = useCheckout(initial);
  const { active, visited, charge, orderToken, order, user, isLoggedIn, state } = c;
  const focusOnShow = c.stepMoved.current;

  const lockedTo = (content: ReactNode) =>
    orderToken ? (
      <Locked orderId={order.data?.silverWithdrawal.id ?? null} onShow={() => c.go(PAYMENT_STEP)}>
        {content}
      </Locked>
    ) : (
      content
    );

  return (
    <>
      <Stepper
        activeStep={active}
        alternativeLabel
        sx={{ mb: { xs: 3, sm: 4 }, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        {CHECKOUT_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Panel index={0} active={active} visited={visited} focusOnShow={focusOnShow}>
          {lockedTo(
            <CartStep
              lines={c.lines}
              onChange={(next) => {
                // another cart: the freight and the figures of the later steps no longer hold
                c.update({ lines: next, visited: 0 });
                charge.clear();
              }}
              onNext={() => c.go(1)}
              onBack={c.back}
            />,
          )}
        </Panel>
        <Panel index={1} active={active} visited={visited} focusOnShow={focusOnShow}>
          {lockedTo(
            <BuyerStep
              isLoggedIn={isLoggedIn}
              user={user}
              pending={c.cpfPending}
              onCustomerData={() => void c.onCustomerData()}
              email={state.email}
              guest={c.guest}
              onGuest={(data) => {
                c.update({ guest: data });
                c.go(2);
              }}
              onBack={c.back}
            />,
          )}
        </Panel>
        <Panel index={2} active={active} visited={visited} focusOnShow={focusOnShow}>
          {isLoggedIn && !user ? (
            <Skeleton variant="rounded" height={320} />
          ) : (
            lockedTo(
              <AddressForm
                address={c.address && state.city ? { id: 0, ...c.address, city: state.city } : user?.addresses[0]}
                accountType={user?.account_type}
                submitLabel="Continuar"
                pending={false}
                save={c.onAddress}
                onSaved={() => undefined}
                onBack={c.back}
              />,
            )
          )}
        </Panel>
        <Panel index={3} active={active} visited={visited} focusOnShow={focusOnShow}>
          {lockedTo(
            <Stack spacing={2}>
              <ShippingOptions
                services={state.services}
                value={c.shipping}
                onChange={c.chooseShipping}
                error={c.shippingError}
              />
              <StepButtons onBack={c.back} onNext={() => void c.onShipping()} pending={charge.pending} />
            </Stack>,
          )}
        </Panel>
        <Panel index={4} active={active} visited={visited} focusOnShow={focusOnShow}>
          <CheckoutPayment checkout={c} />
        </Panel>
      </Paper>
      <FeeInfoDialog open={c.feesOpen} onClose={() => c.setFeesOpen(false)} />
      <CouponDialog
        open={c.couponOpen}
        applied={charge.charge?.coupon ?? null}
        pending={charge.pending}
        onApply={charge.applyCoupon}
        onRemove={charge.removeCoupon}
        onClose={() => c.setCouponOpen(false)}
      />
      <SilverPixDialog
        payment={
          c.pixOpen && order.data && orderToken
            ? { message: c.createdMessage, ...order.data, order_token: orderToken }
            : c.untracked
        }
        closeTo={isLoggedIn ? SILVER_HISTORY_PATH : undefined}
        closeLabel={isLoggedIn ? 'Ver em Meu histórico' : 'Fechar'}
        onClose={c.closePix}
        onRenew={c.renew}
        onExited={(node) => focusIfLost(c.orderHeading.current, node)}
      />
    </>
  );
}

/**
 * /comprar-prata/{id}/checkout (ComprarPrataCheckout, spec 1 §2.5, §4.1, §4.2, §5; issue 27): five steps, each with
 * its address (`?etapa=carrinho|dados|endereco|envio|pagamento`), each advancing only when its call succeeds
 * (validate-quantity, cpf-status, shipping-quote, calculate-charge), then the Pix (`?etapa=pix&pedido=<token>`).
 * Before the order exists the state lives in the tab's sessionStorage (checkout-state.ts); after, on the server, read
 * by its token. A visitor's Pix closes to the order's panel, a customer's to /meu-historico/prata-retirada.
 */
export function CheckoutPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const product = useProductType(Number(id));
  const [initial, setInitial] = useState<SavedCheckout | null>(null);
  useEffect(() => {
    if (product.data && (!initial || initial.productId !== product.data.id)) {
      setInitial(startingState(product.data, params));
    }
  }, [product.data, initial, params]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Comprar prata" description="Barras de prata física pagas com Pix e entregues com seguro." />
      {product.isError ? (
        <BackToCatalogue error={product.error} />
      ) : product.isPending || !initial ? (
        <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <Checkout key={initial.productId} initial={initial} />
      )}
    </Container>
  );
}

export const Component = CheckoutPage;
