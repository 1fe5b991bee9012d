import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatDateTimeBR } from '@prata/domain';
import { firstError, isApiError } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePayDevPayment, useDevPayments } from '../api/payments';

/**
 * "Pagamentos Pix pendentes": the embedded payment provider's payer (development and demo only). Each "Pagar" does
 * what the payer's bank would: the payment reaches Prata through the provider's webhook. Where the server has no such
 * route (404: a real provider, or neither demo nor dev mode) the section is not shown.
 */
export function DevPaymentsSection() {
  const payments = useDevPayments();
  const pay = usePayDevPayment();

  if (payments.isError && isApiError(payments.error, 404)) return null;

  return (
    <Box component="section" aria-labelledby="pagamentos-pix-title" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" id="pagamentos-pix-title" sx={{ mb: 1 }}>
        Pagamentos Pix pendentes
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Aqui você faz o papel do banco de quem paga: “Pagar” avisa o Prata, pelo provedor de pagamentos embutido, de que
        o Pix chegou (só em desenvolvimento e demonstração).
      </Typography>
      <Paper variant="outlined">
        {payments.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : payments.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {firstError(payments.error)}
          </Alert>
        ) : payments.data.payments.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nenhum pagamento Pix pendente.
          </Typography>
        ) : (
          <List disablePadding aria-label="Pagamentos Pix pendentes">
            {payments.data.payments.map((payment) => (
              <ListItem key={payment.asaas_payment_id} divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', minWidth: 0 }}
                  primary={`${formatBRL(toMinorUnits(payment.amount))} · ${payment.customer_email}`}
                  secondary={`${formatDateTimeBR(payment.created_at)} · ${payment.asaas_payment_id}`}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
                <Button
                  variant="contained"
                  size="small"
                  aria-label={`Pagar ${payment.asaas_payment_id}`}
                  loading={pay.isPending && pay.variables === payment.asaas_payment_id}
                  disabled={pay.isPending}
                  onClick={() =>
                    pay.mutate(payment.asaas_payment_id, {
                      onSuccess: ({ message }) => notify.success(message),
                      onError: (failure) => notify.error(failure),
                    })
                  }
                >
                  Pagar
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
