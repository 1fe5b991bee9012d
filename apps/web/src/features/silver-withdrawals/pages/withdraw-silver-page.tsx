import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { grams } from '@/features/catalogue';
import { PaymentStep } from '../components/payment-step';
import { useSilverWithdrawal } from '../components/use-silver-withdrawal';
import { WithdrawalDialogs } from '../components/withdrawal-dialogs';
import { WizardSection } from '../components/wizard-section';
import { AddressSection, ProductSection, ShippingSection } from '../components/wizard-sections';

/**
 * /retirar-prata (spec 3 'Retirar prata', §4, §5): bars made of the customer's own grams, in four steps
 * (use-silver-withdrawal.ts): product and quantity, the saved address, the shipping option, then the breakdown, the
 * coupon, and payment by Pix (the QR dialog) or by balance (the server's message). Either way the user data is
 * refreshed and the history's prata-retirada tab is where the withdrawal is followed. "Pagar com saldo" always asks
 * first (the grams leave the custody, whatever the charges: CONFIRM_ABOVE_CENTS' note), saying the all-in total of the
 * server's breakdown (what leaves the balance) and the grams.
 */
export function WithdrawSilverPage() {
  const wizard = useSilverWithdrawal();
  const { user, step } = wizard;

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
          <ProductSection wizard={wizard} user={user} />
          <AddressSection wizard={wizard} user={user} />
          <ShippingSection wizard={wizard} />
          <WizardSection number={4} title="Custos e pagamento" locked={false} disabled={step < 3}>
            <PaymentStep wizard={wizard} />
          </WizardSection>
        </Stack>
      )}
      <WithdrawalDialogs wizard={wizard} />
    </Container>
  );
}

export const Component = WithdrawSilverPage;
