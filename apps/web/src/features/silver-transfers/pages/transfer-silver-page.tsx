import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatGrams } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { toMinorUnits } from '@/lib/format';
import { useTransferOverview } from '../api/transfers';
import { TransferForm } from '../components/transfer-form';

function SilverBalance({ grams }: { grams: number }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'background.default' }}
      role="group"
      aria-label="Saldo de prata disponível"
    >
      <Typography variant="body2" color="text.secondary">
        Saldo de prata disponível
      </Typography>
      <MoneyText sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700 }} data-testid="silver-balance">
        {formatGrams(toMinorUnits(grams))}
      </MoneyText>
    </Paper>
  );
}

function TransferSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

/**
 * /transferir-prata (spec 3 "Transferir prata"): the silver balance, then the transfer form. A registration that is
 * not complete gets the server's message and /register/finish (the spec's 403 rule).
 */
export function TransferSilverPage() {
  const overview = useTransferOverview();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Transferir prata"
        description="Envie gramas de prata da sua custódia para outra pessoa, sem custo."
      />
      <RegistrationQueryState query={overview} skeleton={<TransferSkeleton />}>
        {(data) => (
          <Stack spacing={4} sx={{ maxWidth: 640 }}>
            <SilverBalance grams={data.currentBalance} />
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Nova transferência">
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Nova transferência
              </Typography>
              <TransferForm overview={data} />
            </Paper>
          </Stack>
        )}
      </RegistrationQueryState>
    </Container>
  );
}

export const Component = TransferSilverPage;
