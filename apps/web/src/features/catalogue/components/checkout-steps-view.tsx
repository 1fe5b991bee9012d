import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ReactNode } from 'react';
import { AddressForm } from '@/features/profile';
import { PAYMENT_STEP } from '../checkout-state';
import { CHECKOUT_STEPS } from '../labels';
import { BuyerStep } from './buyer-step';
import { CartStep } from './cart-step';
import { CheckoutPayment } from './checkout-payment';
import { Locked, Panel } from './checkout-panels';
import { ShippingOptions } from './shipping-options';
import { StepButtons } from './step-buttons';
import type { useCheckout } from './use-checkout';

type Checkout = ReturnType<typeof useCheckout>;

/** The checkout's stepper: the five steps' names, the active one marked. */
export function CheckoutStepper({ active }: { active: number }) {
  return (
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
  );
}

/** A step before the payment: once the order exists, it shows the order's number and a way to its payment instead. */
function LockedTo({ checkout: c, children }: { checkout: Checkout; children: ReactNode }) {
  if (!c.orderToken) return children;
  return (
    <Locked orderId={c.order.data?.silverWithdrawal.id ?? null} onShow={() => c.go(PAYMENT_STEP)}>
      {children}
    </Locked>
  );
}

function CartPanel({ checkout: c }: { checkout: Checkout }) {
  return (
    <LockedTo checkout={c}>
      <CartStep
        lines={c.lines}
        onChange={(next) => {
          // another cart: the freight and the figures of the later steps no longer hold
          c.update({ lines: next, visited: 0 });
          c.charge.clear();
        }}
        onNext={() => c.go(1)}
        onBack={c.back}
      />
    </LockedTo>
  );
}

function BuyerPanel({ checkout: c }: { checkout: Checkout }) {
  return (
    <LockedTo checkout={c}>
      <BuyerStep
        isLoggedIn={c.isLoggedIn}
        user={c.user}
        pending={c.cpfPending}
        onCustomerData={() => void c.onCustomerData()}
        email={c.state.email}
        guest={c.guest}
        onGuest={(data) => {
          c.update({ guest: data });
          c.go(2);
        }}
        onBack={c.back}
      />
    </LockedTo>
  );
}

function AddressPanel({ checkout: c }: { checkout: Checkout }) {
  const { user, state } = c;
  if (c.isLoggedIn && !user) return <Skeleton variant="rounded" height={320} />;
  return (
    <LockedTo checkout={c}>
      <AddressForm
        address={c.address && state.city ? { id: 0, ...c.address, city: state.city } : user?.addresses[0]}
        accountType={user?.account_type}
        submitLabel="Continuar"
        pending={false}
        save={c.onAddress}
        onSaved={() => undefined}
        onBack={c.back}
      />
    </LockedTo>
  );
}

function ShippingPanel({ checkout: c }: { checkout: Checkout }) {
  return (
    <LockedTo checkout={c}>
      <Stack spacing={2}>
        <ShippingOptions
          services={c.state.services}
          value={c.shipping}
          onChange={c.chooseShipping}
          error={c.shippingError}
        />
        <StepButtons onBack={c.back} onNext={() => void c.onShipping()} pending={c.charge.pending} />
      </Stack>
    </LockedTo>
  );
}

/** The five panels (use-checkout.ts holds the steps): each mounted once visited, the active one shown. */
export function CheckoutPanels({ checkout: c }: { checkout: Checkout }) {
  const at = { active: c.active, visited: c.visited, focusOnShow: c.stepMoved.current };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Panel index={0} {...at}>
        <CartPanel checkout={c} />
      </Panel>
      <Panel index={1} {...at}>
        <BuyerPanel checkout={c} />
      </Panel>
      <Panel index={2} {...at}>
        <AddressPanel checkout={c} />
      </Panel>
      <Panel index={3} {...at}>
        <ShippingPanel checkout={c} />
      </Panel>
      <Panel index={4} {...at}>
        <CheckoutPayment checkout={c} />
      </Panel>
    </Paper>
  );
}
