import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  type AddressRequest,
  type CreateSilverWithdrawalResponse,
  MESSAGES,
  type ShippingService,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RouterLink } from '../../../components/router-link';
import { PageHeader } from '../../../components/page';
import { firstError, hasErrorCode } from '../../../lib/api';
import { USER_QUERY_KEY, useUser } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useRegistrationRedirect } from '../../../lib/registration-redirect';
import { useSearchParams } from '../../../lib/search-params';
import { AddressForm } from '../../profile';
import { checkCpfStatus, createGuestSilverWithdrawal, createSilverWithdrawal, quoteShipping } from '../api/checkout';
import { HISTORY_QUERY_KEY } from '../api/keys';
import { useProductType } from '../api/use-product-types';
import { orderItemOf, useSilverCharge } from '../api/use-silver-charge';
import { BuyerSummary, canCheckCpf } from '../components/buyer-summary';
import { CartStep, cartItemsOf } from '../components/cart-step';
import { type CartLine, cartCentigrams } from '../components/cart-table';
import { ChargeBreakdown } from '../components/charge-breakdown';
import { CheckoutReview } from '../components/checkout-review';
import { CouponDialog } from '../components/coupon-dialog';
import { FeeInfoDialog } from '../components/fee-info-dialog';
import { type GuestBuyerData, GuestBuyerForm } from '../components/guest-buyer-form';
import { GuestThanks } from '../components/guest-thanks';
import { ShippingOptions, shippingKey } from '../components/shipping-options';
import { SilverPixDialog } from '../components/silver-pix-dialog';
import { StepButtons } from '../components/step-buttons';
import { CHECKOUT_STEPS, SILVER_HISTORY_PATH } from '../labels';

/** A step's panel: mounted once visited and kept (hidden) afterwards, so going back finds the forms as they were. */
function Panel({
  index,
  active,
  visited,
  children,
}: {
  index: number;
  active: number;
  visited: number;
  children: ReactNode;
}) {
  if (index > visited) return null;
  return (
    <Box
      role="region"
      aria-label={CHECKOUT_STEPS[index]}
      hidden={index !== active}
      sx={{ display: index === active ? 'block' : 'none' }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {CHECKOUT_STEPS[index]}
      </Typography>
      {children}
    </Box>
  );
}

const gramsText = (centigrams: number) => (centigrams / 100).toFixed(2);

function Checkout({ first, email }: { first: CartLine; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRegistrationRedirect();
  const { user, isLoggedIn } = useUser();
  const [active, setActive] = useState(0);
  const [visited, setVisited] = useState(0);
  const [lines, setLines] = useState<CartLine[]>([first]);
  const [guest, setGuest] = useState<GuestBuyerData | null>(null);
  const [address, setAddress] = useState<AddressRequest | null>(null);
  const [services, setServices] = useState<ShippingService[]>([]);
  const [shipping, setShipping] = useState<ShippingService | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [cpfPending, setCpfPending] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payment, setPayment] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [done, setDone] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge();

  const go = (step: number) => {
    setActive(step);
    setVisited((v) => Math.max(v, step));
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  const back = () => (active === 0 ? navigate('/') : go(active - 1));

  const buyer = isLoggedIn ? (user ? { name: user.name, email: user.email } : null) : guest;

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

  const onAddress = async (request: AddressRequest) => {
    const quoted = await quoteShipping({
      quantity_grams: gramsText(cartCentigrams(lines)),
      address: { cep: request.cep },
    });
    setAddress(request);
    setServices(quoted);
    setShipping((chosen) => (chosen && quoted.some((s) => shippingKey(s) === shippingKey(chosen)) ? chosen : null));
    setShippingError(null);
    go(3);
    return {};
  };

  const onShipping = async () => {
    if (!shipping || !address) {
      setShippingError(MESSAGES.chooseOption);
      return;
    }
    try {
      await charge.calculate({
        items: cartItemsOf(lines),
        address: { cep: address.cep, city_id: address.city_id },
        shippingService: shipping,
        includeSilverValue: true,
      });
      go(4);
    } catch (error) {
      notify.error(error);
    }
  };

  const pay = async () => {
    const current = charge.charge;
    if (!current || !address || !shipping) return;
    const order = {
      items: current.items.map(orderItemOf),
      shippingService: shipping,
      coupon_id: current.coupon?.id ?? null,
      includeSilverValue: true,
      requiresOrder: true,
      paymentMethod: 'pix' as const,
    };
    setPaying(true);
    try {
      const answer =
        isLoggedIn || !guest
          ? await createSilverWithdrawal({ ...order, address })
          : await createGuestSilverWithdrawal({ ...order, address, user: guest });
      setPayment(answer);
      if (isLoggedIn) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      }
    } catch (error) {
      if (redirect(error)) return;
      notify.error(error);
      // The price, the freight or the stock moved: the new figures are shown for the customer to confirm again.
      if (hasErrorCode(error, 'SILVER_CHARGE_CHANGED')) {
        await charge
          .calculate({
            items: cartItemsOf(lines),
            address: { cep: address.cep, city_id: address.city_id },
            shippingService: shipping,
            includeSilverValue: true,
          })
          .catch(() => undefined);
      }
    } finally {
      setPaying(false);
    }
  };

  const closePix = () => {
    if (isLoggedIn) {
      navigate(SILVER_HISTORY_PATH);
      return;
    }
    setDone(payment);
    setPayment(null);
  };

  if (done && guest) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <GuestThanks
          order={done}
          email={guest.email}
          deliveryDays={shipping?.DeliveryTime ?? 0}
          onShowPix={() => setPayment(done)}
        />
        <SilverPixDialog payment={payment} onClose={() => setPayment(null)} />
      </Paper>
    );
  }

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
        <Panel index={0} active={active} visited={visited}>
          <CartStep
            lines={lines}
            onChange={(next) => {
              setLines(next);
              charge.clear();
            }}
            onNext={() => go(1)}
            onBack={back}
          />
        </Panel>
        <Panel index={1} active={active} visited={visited}>
          {isLoggedIn ? (
            user ? (
              <Stack spacing={2}>
                <BuyerSummary user={user} />
                <StepButtons
                  onBack={back}
                  onNext={() => void onCustomerData()}
                  pending={cpfPending || !canCheckCpf(user)}
                />
              </Stack>
            ) : (
              <Skeleton variant="rounded" height={200} />
            )
          ) : (
            <GuestBuyerForm
              email={email}
              onBack={back}
              onDone={(data) => {
                setGuest(data);
                go(2);
              }}
            />
          )}
        </Panel>
        <Panel index={2} active={active} visited={visited}>
          {isLoggedIn && !user ? (
            <Skeleton variant="rounded" height={320} />
          ) : (
            <AddressForm
              address={user?.addresses[0]}
              accountType={user?.account_type}
              submitLabel="Continuar"
              pending={false}
              save={onAddress}
              onSaved={() => undefined}
              onBack={back}
            />
          )}
        </Panel>
        <Panel index={3} active={active} visited={visited}>
          <Stack spacing={2}>
            <ShippingOptions
              services={services}
              value={shipping}
              onChange={(service) => {
                setShipping(service);
                setShippingError(null);
              }}
              error={shippingError}
            />
            <StepButtons onBack={back} onNext={() => void onShipping()} pending={charge.pending} />
          </Stack>
        </Panel>
        <Panel index={4} active={active} visited={visited}>
          {charge.charge && address && shipping && buyer ? (
            <Stack spacing={3}>
              <CheckoutReview
                charge={charge.charge}
                lines={lines}
                buyer={buyer}
                address={address}
                shipping={shipping}
              />
              <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
                <ChargeBreakdown
                  totals={charge.charge.totals}
                  coupon={charge.charge.coupon}
                  onExplain={() => setFeesOpen(true)}
                />
              </Paper>
              <Stack
                direction={{ xs: 'column-reverse', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Button color="inherit" onClick={back}>
                  Voltar
                </Button>
                <Button startIcon={<LocalOfferOutlined />} onClick={() => setCouponOpen(true)}>
                  {charge.charge.coupon ? `Cupom ${charge.charge.coupon.code}` : 'Tenho um cupom'}
                </Button>
                <Box sx={{ flexGrow: 1 }} />
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<PixOutlined />}
                  onClick={() => void pay()}
                  disabled={paying || charge.pending}
                >
                  Fazer um Pix
                </Button>
              </Stack>
            </Stack>
          ) : null}
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
        payment={payment}
        closeTo={isLoggedIn ? SILVER_HISTORY_PATH : undefined}
        closeLabel={isLoggedIn ? 'Ver em Meu histórico' : 'Fechar'}
        onClose={closePix}
      />
    </>
  );
}

/**
 * /comprar-prata/{id}/checkout (ComprarPrataCheckout, spec 1 §2.5, §4.1, §4.2, §5): five steps, each advancing only
 * when its call succeeds (validate-quantity, cpf-status, shipping-quote, calculate-charge), then the Pix. A guest
 * comes with ?email= from the e-mail step; a guest's Pix closes to a thank-you panel (no history to go to), a
 * customer's to /meu-historico/prata-retirada.
 */
export function CheckoutPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const product = useProductType(Number(id));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Comprar prata" description="Barras de prata física pagas com Pix e entregues com seguro." />
      {product.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label="Carregando">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : product.isError ? (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to="/comprar-prata" color="inherit" size="small">
              Ver catálogo
            </Button>
          }
        >
          {firstError(product.error)}
        </Alert>
      ) : (
        <Checkout first={{ product: product.data, quantity: 1 }} email={params.get('email') ?? ''} />
      )}
    </Container>
  );
}

export const Component = CheckoutPage;
