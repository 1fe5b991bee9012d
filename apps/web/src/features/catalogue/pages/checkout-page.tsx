import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page';
import { focusIfLost } from '@/lib/focus';
import { useSearchParams } from '@/lib/search-params';
import { useProductType } from '../api/use-product-types';
import { type SavedCheckout, startingState } from '../checkout-state';
import { BackToCatalogue } from '../components/back-to-catalogue';
import { CheckoutPanels, CheckoutStepper } from '../components/checkout-steps-view';
import { CouponDialog } from '../components/coupon-dialog';
import { FeeInfoDialog } from '../components/fee-info-dialog';
import { SilverPixDialog } from '../components/silver-pix-dialog';
import { useCheckout } from '../components/use-checkout';
import { SILVER_HISTORY_PATH } from '../labels';

/** The stepper and its five panels (checkout-steps-view.tsx; use-checkout.ts holds the steps), then the dialogs. */
function Checkout({ initial }: { initial: SavedCheckout }) {
  const c = useCheckout(initial);
  const { charge, orderToken, order, isLoggedIn } = c;
  return (
    <>
      <CheckoutStepper active={c.active} />
      <CheckoutPanels checkout={c} />
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
 * /comprar-prata/{id}/checkout (ComprarPrataCheckout, spec 1 §2.5, §4.1, §4.2, §5): five steps, each with
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
