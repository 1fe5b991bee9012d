import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { User } from '@prata/domain';
import type { ComponentProps } from 'react';
import { BuyerSummary, canCheckCpf } from './buyer-summary';
import { GuestBuyerForm } from './guest-buyer-form';
import { StepButtons } from './step-buttons';

export { clearGuestBuyerDraft } from './guest-buyer-form';

type GuestProps = ComponentProps<typeof GuestBuyerForm>;

/**
 * The checkout's 'Dados pessoais' step: a signed-in customer's stored data (a placeholder while it loads), or the
 * guest's form.
 */
export function BuyerStep({
  isLoggedIn,
  user,
  pending,
  onCustomerData,
  email,
  guest,
  onGuest,
  onBack,
}: {
  isLoggedIn: boolean;
  user: User | null | undefined;
  /** the CPF check of a signed-in customer is running */
  pending: boolean;
  onCustomerData: () => void;
  email: string;
  guest: GuestProps['initial'];
  onGuest: GuestProps['onDone'];
  onBack: () => void;
}) {
  if (!isLoggedIn) return <GuestBuyerForm email={email} initial={guest} onBack={onBack} onDone={onGuest} />;
  if (!user) return <Skeleton variant="rounded" height={200} />;
  return (
    <Stack spacing={2}>
      <BuyerSummary user={user} />
      <StepButtons onBack={onBack} onNext={onCustomerData} pending={pending || !canCheckCpf(user)} />
    </Stack>
  );
}
