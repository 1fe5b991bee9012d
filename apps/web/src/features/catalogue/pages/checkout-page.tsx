import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { type AddressRequest, type CreateSilverWithdrawalResponse, MESSAGES, minorToDecimalText } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page';
import { firstError, hasErrorCode } from '../../../lib/api';
import { type City, USER_QUERY_KEY, useUser } from '../../../lib/auth';
import { focusIfLost } from '../../../lib/focus';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useRegistrationRedirect } from '../../../lib/registration-redirect';
import { useSearchParams } from '../../../lib/search-params';
import { AddressForm } from '../../profile';
import { checkCpfStatus, quoteShipping } from '../api/checkout';
import { HISTORY_QUERY_KEY } from '../api/keys';
import { useProductType } from '../api/use-product-types';
import { orderItemOf, useSilverCharge } from '../api/use-silver-charge';
import {
  createGuestSilverWithdrawal,
  createSilverWithdrawal,
  silverOrderQueryKey,
  useSilverOrder,
} from '../../silver-withdrawals';
import { PAYMENT_STEP, PIX_SLUG, type SavedCheckout, startingState } from '../checkout-state';
import { useCheckoutStep, useSavedCheckout } from '../checkout-steps';
import { Locked, Panel } from '../components/checkout-panels';
import { BackToCatalogue } from '../components/back-to-catalogue';
import { BuyerStep, clearGuestBuyerDraft } from '../components/buyer-step';
import { CartStep, cartItemsOf } from '../components/cart-step';
import { cartCentigrams } from '../components/cart-table';
import { CouponDialog } from '../components/coupon-dialog';
import { FeeInfoDialog } from '../components/fee-info-dialog';
import { OrderPanel } from '../components/order-panel';
import { PaymentReview } from '../components/payment-review';
import { ShippingOptions, shippingKey } from '../components/shipping-options';
import { SilverPixDialog } from '../components/silver-pix-dialog';
import { StepButtons } from '../components/step-buttons';
import { CHECKOUT_STEPS, SILVER_HISTORY_PATH } from '../labels';

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: five steps share one state; the rest is JSX
function Checkout({ initial }: { initial: SavedCheckout }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRegistrationRedirect();
  const { user, isLoggedIn } = useUser();
  const saved = useSavedCheckout(initial);
  const { store, state, update } = saved;
  const [cpfPending, setCpfPending] = useState(false);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [createdMessage, setCreatedMessage] = useState('');
  const [untracked, setUntracked] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge(initial.couponCode);
  const { lines, guest, address, shipping, orderToken, visited } = state;
  const order = useSilverOrder(orderToken);

  const appliedCoupon = charge.charge?.coupon?.code ?? null;
  const hasCharge = charge.charge !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` writes the ref; the coupon is what changes
  useEffect(() => {
    if (hasCharge && store.current.couponCode !== appliedCoupon) update({ couponCode: appliedCoupon });
  }, [hasCharge, appliedCoupon]);

  const userPending = isLoggedIn && !user;
  const { slug, active, go, back, leavePix } = useCheckoutStep({ ...saved, isLoggedIn, userPending });
  // once the person has moved between steps, each step shown takes the focus to its heading (checkout-panels.tsx)
  const firstStep = useRef(active);
  const stepMoved = useRef(false);
  if (active !== firstStep.current) stepMoved.current = true;
  const pixOpen = slug === PIX_SLUG && orderToken !== null && order.data !== undefined;

  const buyer = isLoggedIn ? (user ? { name: user.name, email: user.email } : null) : guest;
  const chargeInput = () =>
    address && shipping
      ? {
          items: cartItemsOf(lines),
          address: { cep: address.cep, city_id: address.city_id },
          shippingService: shipping,
          includeSilverValue: true,
        }
      : null;

  // The payment step after a reload (or Forward into it): the figures are asked again, never kept from before.
  const [chargeError, setChargeError] = useState<string | null>(null);
  const [chargeTry, setChargeTry] = useState(0);
  // (once per arrival or 'Tentar de novo': a failed calculation is not asked again on its own)
  const figuresWanted = active === PAYMENT_STEP && !orderToken && !userPending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on arriving at the step, with the state of then
  useEffect(() => {
    const input = chargeInput();
    if (!figuresWanted || !input || charge.charge || charge.pending) return;
    setChargeError(null);
    charge.calculate(input).catch((error: unknown) => setChargeError(firstError(error)));
  }, [figuresWanted, chargeTry]);

  const onCustomerData = async () => {
    if (!user?.cpf || !user.nascimento) return;
    setCpfPending(true);
    try {
      await checkCpfStatus({ cpf: user.cpf, nascimento: user.nascimento });
      go(2);
    } catch (error) {
      if (!redirect(error)) notify.error(error);
    } finally {
      setCpfPending(false);
    }
  };

  const onAddress = async (request: AddressRequest, city: City | null) => {
    const quoted = await quoteShipping({
      quantity_grams: minorToDecimalText(cartCentigrams(lines)),
      address: { cep: request.cep },
    });
    const chosen = shipping && quoted.some((s) => shippingKey(s) === shippingKey(shipping)) ? shipping : null;
    update({ address: request, city, services: quoted, shipping: chosen });
    charge.clear();
    setShippingError(null);
    go(3);
    return {};
  };

  const onShipping = async () => {
    const input = chargeInput();
    if (!input) {
      setShippingError(MESSAGES.chooseOption);
      return;
    }
    try {
      await charge.calculate(input);
      go(4);
    } catch (error) {
      notify.error(error);
    }
  };

  const current = charge.charge;
  const orderRequest =
    current && address && shipping
      ? {
          items: current.items.map(orderItemOf),
          shippingService: shipping,
          coupon_id: current.coupon?.id ?? null,
          includeSilverValue: true,
          requiresOrder: true,
          paymentMethod: 'pix' as const,
          address,
        }
      : null;
  // one Idempotency-Key per order as shown: a double click or a retry makes one order and one charge
  const intention = useIntention({ orderRequest, guest: isLoggedIn ? null : guest });

  const pay = async () => {
    if (!orderRequest || !address || !shipping) return;
    try {
      const answer = await intention.run((key) =>
        isLoggedIn || !guest
          ? createSilverWithdrawal(orderRequest, key)
          : createGuestSilverWithdrawal({ ...orderRequest, address, user: guest }, key),
      );
      if (!answer) return;
      clearGuestBuyerDraft();
      if (isLoggedIn) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      }
      const token = answer.order_token ?? null;
      if (!token) {
        setUntracked(answer); // a server that gives no token: the Pix is shown, not followed
        return;
      }
      queryClient.setQueryData(silverOrderQueryKey(token), {
        silverWithdrawal: answer.silverWithdrawal,
        order_token: token,
        pixQrCode: answer.pixQrCode,
        pixCopiaECola: answer.pixCopiaECola,
      });
      setCreatedMessage(answer.message);
      update({ orderToken: token });
      go(PIX_SLUG, token);
    } catch (error) {
      if (redirect(error)) return;
      notify.error(error);
      // The price, the freight or the stock moved: the new figures are shown for the customer to confirm again.
      const input = chargeInput();
      if (hasErrorCode(error, 'SILVER_CHARGE_CHANGED') && input) await charge.calculate(input).catch(() => undefined);
    }
  };

  // An expired Pix: the same cart, buyer, address and freight, priced again for a new order.
  const renew = () => {
    charge.clear();
    update({ orderToken: null });
    go(PAYMENT_STEP, null);
  };

  const orderHeading = useRef<HTMLHeadingElement>(null);
  const closePix = () => {
    setUntracked(null);
    if (isLoggedIn) navigate(SILVER_HISTORY_PATH);
    else leavePix();
  };

  const lockedTo = (content: ReactNode) =>
    orderToken ? (
      <Locked orderId={order.data?.silverWithdrawal.id ?? null} onShow={() => go(PAYMENT_STEP)}>
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
        <Panel index={0} active={active} visited={visited} focusOnShow={stepMoved.current}>
          {lockedTo(
            <CartStep
              lines={lines}
              onChange={(next) => {
                // another cart: the freight and the figures of the later steps no longer hold
                update({ lines: next, visited: 0 });
                charge.clear();
              }}
              onNext={() => go(1)}
              onBack={back}
            />,
          )}
        </Panel>
        <Panel index={1} active={active} visited={visited} focusOnShow={stepMoved.current}>
          {lockedTo(
            <BuyerStep
              isLoggedIn={isLoggedIn}
              user={user}
              pending={cpfPending}
              onCustomerData={() => void onCustomerData()}
              email={state.email}
              guest={guest}
              onGuest={(data) => {
                update({ guest: data });
                go(2);
              }}
              onBack={back}
            />,
          )}
        </Panel>
        <Panel index={2} active={active} visited={visited} focusOnShow={stepMoved.current}>
          {isLoggedIn && !user ? (
            <Skeleton variant="rounded" height={320} />
          ) : (
            lockedTo(
              <AddressForm
                address={address && state.city ? { id: 0, ...address, city: state.city } : user?.addresses[0]}
                accountType={user?.account_type}
                submitLabel="Continuar"
                pending={false}
                save={onAddress}
                onSaved={() => undefined}
                onBack={back}
              />,
            )
          )}
        </Panel>
        <Panel index={3} active={active} visited={visited} focusOnShow={stepMoved.current}>
          {lockedTo(
            <Stack spacing={2}>
              <ShippingOptions
                services={state.services}
                value={shipping}
                onChange={(service) => {
                  update({ shipping: service });
                  charge.clear();
                  setShippingError(null);
                }}
                error={shippingError}
              />
              <StepButtons onBack={back} onNext={() => void onShipping()} pending={charge.pending} />
            </Stack>,
          )}
        </Panel>
        <Panel index={4} active={active} visited={visited} focusOnShow={stepMoved.current}>
          {orderToken ? (
            order.data ? (
              <OrderPanel
                order={order.data.silverWithdrawal}
                email={isLoggedIn ? null : (guest?.email ?? null)}
                deliveryDays={shipping?.DeliveryTime ?? null}
                signedIn={isLoggedIn}
                onShowPix={() => go(PIX_SLUG)}
                onRenew={renew}
                headingRef={orderHeading}
              />
            ) : order.isError ? (
              <BackToCatalogue error={order.error} />
            ) : (
              <Skeleton variant="rounded" height={240} role="progressbar" aria-label="Carregando o pedido" />
            )
          ) : charge.charge && address && shipping && buyer ? (
            <PaymentReview
              charge={charge.charge}
              lines={lines}
              buyer={buyer}
              address={address}
              city={state.city}
              shipping={shipping}
              onBack={back}
              onExplain={() => setFeesOpen(true)}
              onCoupon={() => setCouponOpen(true)}
              onPay={() => void pay()}
              busy={intention.busy}
              pending={charge.pending}
            />
          ) : chargeError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => setChargeTry((n) => n + 1)}>
                  Tentar de novo
                </Button>
              }
            >
              {chargeError}
            </Alert>
          ) : (
            <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Calculando os valores" />
          )}
        </Panel>
      </Paper>
      <FeeInfoDialog open={feesOpen} onClose={() => setFeesOpen(false)} />
      <CouponDialog
        open={couponOpen}
        applied={charge.charge?.coupon ?? null}
        pending={charge.pending}
        onApply={charge.applyCoupon}
        onRemove={charge.removeCoupon}
        onClose={() => setCouponOpen(false)}
      />
      <SilverPixDialog
        payment={
          pixOpen && order.data && orderToken
            ? { message: createdMessage, ...order.data, order_token: orderToken }
            : untracked
        }
        closeTo={isLoggedIn ? SILVER_HISTORY_PATH : undefined}
        closeLabel={isLoggedIn ? 'Ver em Meu histórico' : 'Fechar'}
        onClose={closePix}
        onRenew={renew}
        onExited={(node) => focusIfLost(orderHeading.current, node)}
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
