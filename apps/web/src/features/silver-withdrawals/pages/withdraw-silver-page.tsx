import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Address,
  type CreateSilverWithdrawalResponse,
  formatBRL,
  MESSAGES,
  type ProductType,
  type ShippingService,
  type SilverPaymentMethod,
  minorToDecimalText,
  formatGrams,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyText } from '../../../components/money-text';
import { PageHeader } from '../../../components/page';
import { hasErrorCode } from '../../../lib/api';
import { USER_QUERY_KEY, useUser } from '../../../lib/auth';
import { toMinorUnits } from '../../../lib/format';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useRegistrationRedirect } from '../../../lib/registration-redirect';
import {
  businessDays,
  ChargeBreakdown,
  CouponDialog,
  FeeInfoDialog,
  grams,
  HISTORY_QUERY_KEY,
  orderItemOf,
  quoteShipping,
  ShippingOptions,
  SILVER_HISTORY_PATH,
  SilverPixDialog,
  StepButtons,
  units,
  useSilverCharge,
  validateQuantity,
} from '../../catalogue';
import { createSilverWithdrawal } from '../api/create-silver-withdrawal';
import { formatAddress } from '../../profile';
import { AddressChoice } from '../components/address-choice';
import { ProductChoice } from '../components/product-choice';
import { QuantityStep } from '../components/quantity-step';
import { WizardSection } from '../components/wizard-section';

/** The wizard's steps (spec 3 §4): product and quantity, address, shipping, then the cost and the payment. */
export type WizardStep = 0 | 1 | 2 | 3;

const centigramsOf = (product: ProductType, quantity: number) => toMinorUnits(product.grams_per_unit) * quantity;

/**
 * /retirar-prata (spec 3 'Retirar prata', §4, §5): bars made of the customer's own grams. Each step, once done, locks
 * its choices ('Alterar' opens it again and the later steps start over): product and quantity (validate-quantity),
 * the saved address (shipping-quote), the shipping option (calculate-charge without the silver value), then the
 * breakdown, the coupon, and payment by Pix (the QR dialog) or by balance (the server's message). Either way the
 * user data is refreshed and the history's prata-retirada tab is where the withdrawal is followed.
 *
 * Each payment is one intention (lib/intention.ts): one Idempotency-Key for what is chosen, kept across double taps
 * and retries, both payment buttons locked while it runs. "Pagar com saldo" always asks first (the grams leave the
 * custody, whatever the charges: CONFIRM_ABOVE_CENTS' note), saying the all-in total of the server's breakdown (what
 * leaves the balance) and the grams.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the steps share one state; the rest is JSX
export function WithdrawSilverPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRegistrationRedirect();
  const { user } = useUser();
  const [step, setStep] = useState<WizardStep>(0);
  const [product, setProduct] = useState<ProductType | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [productError, setProductError] = useState<string | null>(null);
  const [pickedAddress, setAddress] = useState<Address | null>(null);
  // the only saved address is the one the bars go to unless the customer says otherwise: chosen already
  const address = pickedAddress ?? (user?.addresses.length === 1 ? (user.addresses[0] ?? null) : null);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [services, setServices] = useState<ShippingService[]>([]);
  const [shipping, setShipping] = useState<ShippingService | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [payment, setPayment] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge();
  const [confirmingBalance, setConfirmingBalance] = useState(false);
  const chosen = {
    product: product?.id ?? null,
    quantity,
    address: address?.id ?? null,
    shipping: shipping ? `${shipping.Carrier}|${shipping.ServiceCode}` : null,
    coupon: charge.charge?.coupon?.id ?? null,
    total: charge.charge?.totals.total ?? null,
  };
  const byBalance = useIntention({ ...chosen, paymentMethod: 'balance' });
  const byPix = useIntention({ ...chosen, paymentMethod: 'pix' });
  const paying = byBalance.busy || byPix.busy;

  /** Opens a step again: its choices unlock and what came after is asked again. */
  const reopen = (target: WizardStep) => {
    setStep(target);
    if (target <= 2) charge.clear();
    if (target <= 1) setServices([]);
  };

  const fail = (error: unknown) => {
    if (!redirect(error)) notify.error(error);
  };

  const items = () => (product ? [{ product_type_id: product.id, quantity }] : []);

  const confirmProduct = async () => {
    if (!product) return setProductError(MESSAGES.chooseOption);
    setPending(true);
    try {
      await validateQuantity({ items: items() });
      setStep(1);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const confirmAddress = async () => {
    if (!address || !product) return setAddressError(MESSAGES.chooseOption);
    setPending(true);
    try {
      const quoted = await quoteShipping({
        quantity_grams: minorToDecimalText(centigramsOf(product, quantity)),
        address: { cep: address.cep },
      });
      setServices(quoted);
      setShipping((chosen) =>
        chosen && quoted.some((s) => s.ServiceCode === chosen.ServiceCode && s.Carrier === chosen.Carrier)
          ? chosen
          : null,
      );
      setStep(2);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const confirmShipping = async () => {
    if (!shipping || !address) return setShippingError(MESSAGES.chooseOption);
    try {
      await charge.calculate({
        items: items(),
        address: { cep: address.cep, city_id: address.city_id },
        shippingService: shipping,
        includeSilverValue: false,
      });
      setStep(3);
    } catch (error) {
      fail(error);
    }
  };

  const pay = async (paymentMethod: SilverPaymentMethod) => {
    const current = charge.charge;
    if (!current || !address || !shipping) return;
    const body = {
      items: current.items.map(orderItemOf),
      address: { id: address.id },
      shippingService: shipping,
      coupon_id: current.coupon?.id ?? null,
      includeSilverValue: false,
      requiresOrder: false,
      paymentMethod,
    };
    try {
      const intention = paymentMethod === 'pix' ? byPix : byBalance;
      const answer = await intention.run((key) => createSilverWithdrawal(body, key));
      if (!answer) return;
      setConfirmingBalance(false);
      if (paymentMethod === 'pix') {
        setPayment(answer);
      } else {
        notify.success(answer.message);
        navigate(SILVER_HISTORY_PATH);
      }
    } catch (error) {
      setConfirmingBalance(false);
      fail(error);
      if (hasErrorCode(error, 'SILVER_CHARGE_CHANGED'))
        await charge
          .calculate({
            items: items(),
            address: { cep: address.cep, city_id: address.city_id },
            shippingService: shipping,
            includeSilverValue: false,
          })
          .catch(() => undefined);
    } finally {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    }
  };

  const total = charge.charge?.totals.total ?? 0;
  const balanceShort = user ? total > user.balance_brl : true;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Retirar prata"
        description="Receba em casa barras feitas com a prata que você tem em custódia."
      />
      {!user ? (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Carregando">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Seu saldo em prata:{' '}
            <MoneyText sx={{ fontWeight: 700, color: 'text.primary' }}>{grams(user.balance_ag)}</MoneyText>
          </Typography>
          <WizardSection
            number={1}
            title="Produto e quantidade"
            locked={step > 0}
            onChange={() => reopen(0)}
            summary={
              product ? `${product.name} · ${units(quantity)} (${formatGrams(centigramsOf(product, quantity))})` : null
            }
          >
            <Stack spacing={2.5}>
              <ProductChoice
                value={product}
                onChange={(chosen) => {
                  setProduct(chosen);
                  setProductError(null);
                }}
                error={productError}
              />
              {product && (
                <QuantityStep
                  product={product}
                  quantity={quantity}
                  onChange={setQuantity}
                  balanceGrams={user.balance_ag}
                />
              )}
              <StepButtons onNext={() => void confirmProduct()} pending={pending} />
            </Stack>
          </WizardSection>
          <WizardSection
            number={2}
            title="Endereço de entrega"
            locked={step > 1}
            disabled={step < 1}
            onChange={() => reopen(1)}
            summary={address ? formatAddress(address).join(' · ') : null}
          >
            <Stack spacing={2}>
              <AddressChoice
                addresses={user.addresses}
                value={address}
                onChange={(chosen) => {
                  setAddress(chosen);
                  setAddressError(null);
                }}
                error={addressError}
              />
              <StepButtons onNext={() => void confirmAddress()} pending={pending || user.addresses.length === 0} />
            </Stack>
          </WizardSection>
          <WizardSection
            number={3}
            title="Envio"
            locked={step > 2}
            disabled={step < 2}
            onChange={() => reopen(2)}
            summary={
              shipping
                ? `${shipping.Carrier} · ${shipping.ServiceDescription} · ${businessDays(shipping.DeliveryTime)}`
                : null
            }
          >
            <Stack spacing={2}>
              <ShippingOptions
                services={services}
                value={shipping}
                onChange={(chosen) => {
                  setShipping(chosen);
                  setShippingError(null);
                }}
                error={shippingError}
              />
              <StepButtons onNext={() => void confirmShipping()} nextLabel="Calcular custos" pending={charge.pending} />
            </Stack>
          </WizardSection>
          <WizardSection number={4} title="Custos e pagamento" locked={false} disabled={step < 3}>
            {charge.charge && (
              <Stack spacing={2.5}>
                <ChargeBreakdown
                  totals={charge.charge.totals}
                  coupon={charge.charge.coupon}
                  explanation={charge.charge.explanation}
                  onExplain={() => setFeesOpen(true)}
                />
                <Box>
                  <Button startIcon={<LocalOfferOutlined />} onClick={() => setCouponOpen(true)} sx={{ ml: -0.5 }}>
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
                    onClick={() => setConfirmingBalance(true)}
                    disabled={paying || charge.pending || balanceShort}
                  >
                    Pagar com saldo
                  </Button>
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<PixOutlined />}
                    onClick={() => void pay('pix')}
                    disabled={paying || charge.pending}
                  >
                    Pagar com Pix
                  </Button>
                </Stack>
              </Stack>
            )}
          </WizardSection>
        </Stack>
      )}
      <ConfirmDialog
        open={confirmingBalance && charge.charge !== null}
        title="Pagar com saldo?"
        confirmLabel="Pagar com saldo"
        cancelLabel="Voltar"
        pending={byBalance.busy}
        onClose={() => setConfirmingBalance(false)}
        onConfirm={() => void pay('balance')}
      >
        {charge.charge && product && (
          <Typography>
            {MESSAGES.silverBalanceConfirm(
              formatBRL(toMinorUnits(charge.charge.totals.total)),
              formatGrams(centigramsOf(product, quantity)),
            )}
          </Typography>
        )}
      </ConfirmDialog>
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
        closeTo={SILVER_HISTORY_PATH}
        closeLabel="Ver em Meu histórico"
        onClose={() => navigate(SILVER_HISTORY_PATH)}
      />
    </Container>
  );
}

export const Component = WithdrawSilverPage;
