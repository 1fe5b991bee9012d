import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams, MESSAGES } from '@prata/domain';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyText } from '../../../components/money-text';
import { PageHeader } from '../../../components/page';
import { toMinorUnits } from '../../../lib/format';
import {
  businessDays,
  CouponDialog,
  FeeInfoDialog,
  grams,
  ShippingOptions,
  SILVER_HISTORY_PATH,
  SilverPixDialog,
  StepButtons,
  units,
} from '../../catalogue';
import { formatAddress } from '../../profile';
import { AddressChoice } from '../components/address-choice';
import { PaymentStep } from '../components/payment-step';
import { ProductChoice } from '../components/product-choice';
import { QuantityStep } from '../components/quantity-step';
import { centigramsOf, useSilverWithdrawal } from '../components/use-silver-withdrawal';
import { WizardSection } from '../components/wizard-section';

/**
 * /retirar-prata (spec 3 'Retirar prata', §4, §5): bars made of the customer's own grams, in four steps
 * (use-silver-withdrawal.ts): product and quantity, the saved address, the shipping option, then the breakdown, the
 * coupon, and payment by Pix (the QR dialog) or by balance (the server's message). Either way the user data is
 * refreshed and the history's prata-retirada tab is where the withdrawal is followed. "Pagar com saldo" always asks
 * first (the grams leave the custody, whatever the charges: CONFIRM_ABOVE_CENTS' note), saying the all-in total of the
 * server's breakdown (what leaves the balance) and the grams.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: four wizard sections and three dialogs, all JSX
export function WithdrawSilverPage() {
  const navigate = useNavigate();
  const wizard = useSilverWithdrawal();
  const { user, step, product, quantity, address, shipping, charge } = wizard;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Retirar prata"
        description="Receba em casa barras feitas com a prata que você tem em custódia."
      />
      {!user ? (
        <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
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
            onChange={() => wizard.reopen(0)}
            summary={
              product ? `${product.name} · ${units(quantity)} (${formatGrams(centigramsOf(product, quantity))})` : null
            }
          >
            <Stack spacing={2.5}>
              <ProductChoice value={product} onChange={wizard.setProduct} error={wizard.productError} />
              {product && (
                <QuantityStep
                  product={product}
                  quantity={quantity}
                  onChange={wizard.setQuantity}
                  balanceGrams={user.balance_ag}
                />
              )}
              <StepButtons onNext={() => void wizard.confirmProduct()} pending={wizard.pending} />
            </Stack>
          </WizardSection>
          <WizardSection
            number={2}
            title="Endereço de entrega"
            locked={step > 1}
            disabled={step < 1}
            onChange={() => wizard.reopen(1)}
            summary={address ? formatAddress(address).join(' · ') : null}
          >
            <Stack spacing={2}>
              <AddressChoice
                addresses={user.addresses}
                value={address}
                onChange={wizard.setAddress}
                error={wizard.addressError}
              />
              <StepButtons
                onNext={() => void wizard.confirmAddress()}
                pending={wizard.pending || user.addresses.length === 0}
              />
            </Stack>
          </WizardSection>
          <WizardSection
            number={3}
            title="Envio"
            locked={step > 2}
            disabled={step < 2}
            onChange={() => wizard.reopen(2)}
            summary={
              shipping
                ? `${shipping.Carrier} · ${shipping.ServiceDescription} · ${businessDays(shipping.DeliveryTime)}`
                : null
            }
          >
            <Stack spacing={2}>
              <ShippingOptions
                services={wizard.services}
                value={shipping}
                onChange={wizard.setShipping}
                error={wizard.shippingError}
              />
              <StepButtons
                onNext={() => void wizard.confirmShipping()}
                nextLabel="Calcular custos"
                pending={charge.pending}
              />
            </Stack>
          </WizardSection>
          <WizardSection number={4} title="Custos e pagamento" locked={false} disabled={step < 3}>
            <PaymentStep wizard={wizard} />
          </WizardSection>
        </Stack>
      )}
      <ConfirmDialog
        open={wizard.confirmingBalance && charge.charge !== null}
        title="Pagar com saldo?"
        confirmLabel="Pagar com saldo"
        cancelLabel="Voltar"
        pending={wizard.payingByBalance}
        onClose={() => wizard.setConfirmingBalance(false)}
        onConfirm={() => void wizard.pay('balance')}
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
      <FeeInfoDialog open={wizard.feesOpen} onClose={() => wizard.setFeesOpen(false)} />
      <CouponDialog
        open={wizard.couponOpen}
        applied={charge.charge?.coupon ?? null}
        pending={charge.pending}
        onApply={charge.applyCoupon}
        onRemove={charge.removeCoupon}
        onClose={() => wizard.setCouponOpen(false)}
      />
      <SilverPixDialog
        payment={wizard.payment}
        closeTo={SILVER_HISTORY_PATH}
        closeLabel="Ver em Meu histórico"
        onClose={() => navigate(SILVER_HISTORY_PATH)}
      />
    </Container>
  );
}

export const Component = WithdrawSilverPage;
