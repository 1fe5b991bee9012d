import Stack from '@mui/material/Stack';
import { formatGrams, type User } from '@prata/domain';
import { businessDays, ShippingOptions, StepButtons, units } from '@/features/catalogue';
import { formatAddress } from '@/features/profile';
import { AddressChoice } from './address-choice';
import { ProductChoice } from './product-choice';
import { QuantityStep } from './quantity-step';
import { centigramsOf, type useSilverWithdrawal } from './use-silver-withdrawal';
import { WizardSection } from './wizard-section';

type SectionProps = { wizard: ReturnType<typeof useSilverWithdrawal>; user: User };

/** Step 1: the bar and how many (validate-quantity). */
export function ProductSection({ wizard, user }: SectionProps) {
  const { step, product, quantity } = wizard;
  return (
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
            error={wizard.quantityError}
          />
        )}
        <StepButtons onNext={() => void wizard.confirmProduct()} pending={wizard.pending} />
      </Stack>
    </WizardSection>
  );
}

/** Step 2: one of the saved addresses (shipping-quote). */
export function AddressSection({ wizard, user }: SectionProps) {
  const { step, address } = wizard;
  return (
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
  );
}

/** Step 3: the shipping option (calculate-charge). */
export function ShippingSection({ wizard }: Omit<SectionProps, 'user'>) {
  const { step, shipping } = wizard;
  return (
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
          pending={wizard.charge.pending}
        />
      </Stack>
    </WizardSection>
  );
}
