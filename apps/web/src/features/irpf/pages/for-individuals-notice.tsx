import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { FOR_INDIVIDUALS } from '../guide';

/** /irpf for a company account: no individuals' guide, a plain word on why and where its orders are. */
export function ForIndividualsNotice() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader title="Imposto de renda" />
      <Alert severity="info">
        <AlertTitle component="h2">{FOR_INDIVIDUALS.title}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {FOR_INDIVIDUALS.text}
        </Typography>
        <Typography variant="body2">{FOR_INDIVIDUALS.historyHint}</Typography>
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/meu-historico" variant="contained">
          Meu histórico
        </Button>
        <Button component={RouterLink} to="/meu-historico/extrato" variant="outlined">
          Extrato mensal
        </Button>
      </Stack>
    </Container>
  );
}
