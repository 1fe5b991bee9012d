import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCnpj, formatDateTimeBR, MASKS, MESSAGES } from '@prata/domain';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import { FormMoneyField } from '@/components/money-field';
import { MoneyText } from '@/components/money-text';
import { StatusWithReason } from '@/components/status-chip';
import type { Company } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import type { AccountUser, TradingLimitRequest } from '../api/types';
import { LimitDocuments } from './limit-documents';
import { TabSection } from './tab-section';
import { useLimitRequest } from './use-limit-request';
import { formatReais as brl } from '@/lib/format';

function RequestList({ requests }: { requests: TradingLimitRequest[] }) {
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label="Pedidos de aumento de limite">
        {requests.map((request, i) => (
          <ListItem key={request.id} divider={i < requests.length - 1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={
                <>
                  Pedido de <MoneyText sx={{ fontWeight: 600 }}>{brl(request.new_limit)}</MoneyText>
                </>
              }
              secondary={
                request.status === 'approved' && request.approved_limit !== null
                  ? `Enviado em ${formatDateTimeBR(request.created_at)} · limite aprovado: ${brl(request.approved_limit)}`
                  : `Enviado em ${formatDateTimeBR(request.created_at)}`
              }
              sx={{ flex: '1 1 240px' }}
            />
            <StatusWithReason status={request.status} reason={request.rejection_reason} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * A person tells their profession and the company they work for; a company asks in its own name (the server takes
 * its razão social and CNPJ), so its form has neither (use-limit-request.ts holds the form and its call).
 */
function LimitForm({ currentLimitCents, company }: { currentLimitCents: number; company: Company | null }) {
  const request = useLimitRequest(currentLimitCents, company);
  const { control, onSubmit } = request;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Pedido de aumento de limite">
      <FormMoneyField control={control} name="new_limit" label="Novo limite anual" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormMoneyField control={control} name="net_worth" label="Patrimônio" required />
        <FormMoneyField control={control} name="monthly_income" label="Renda mensal" required />
      </Stack>
      {company ? (
        <Typography variant="body2" color="text.secondary">
          O pedido é feito em nome de <strong>{company.razao_social}</strong> (CNPJ {formatCnpj(company.cnpj)}).
        </Typography>
      ) : (
        <>
          <FormTextField control={control} name="profession" label="Profissão" required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="company_name"
              label="Nome da empresa"
              helperText="Onde você trabalha ou de que é sócio"
              required
            />
            <FormMaskedField
              control={control}
              name="company_cnpj"
              label="CNPJ da empresa"
              mask={MASKS.cnpj}
              placeholder="00.000.000/0000-00"
              required
            />
          </Stack>
        </>
      )}
      <FormTextField
        control={control}
        name="other_info"
        label="Outras informações"
        helperText="Opcional"
        multiline
        minRows={3}
      />
      <LimitDocuments request={request} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={request.busy}>
          Enviar pedido
        </Button>
      </Box>
    </Stack>
  );
}

/** Aumentar limite: the current annual limit, the requests with their status, and the request form. */
export function LimitTab({ user, requests }: { user: AccountUser; requests: TradingLimitRequest[] }) {
  const pending = requests.some((request) => request.status === 'pending');
  return (
    <Stack spacing={4} sx={{ maxWidth: 760 }}>
      <TabSection
        title="Aumentar limite"
        description="O limite anual é o total que você pode negociar em 12 meses. Para aumentá-lo, conte-nos sobre sua renda e seu patrimônio."
      >
        <Paper variant="outlined" sx={{ p: 2.5, bgcolor: 'background.default' }}>
          <Typography variant="body2" color="text.secondary">
            Seu limite anual atual
          </Typography>
          <MoneyText sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="current-limit">
            {brl(user.trading_limit)}
          </MoneyText>
        </Paper>
      </TabSection>
      {requests.length > 0 && (
        <Box component="section">
          <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
            Seus pedidos
          </Typography>
          <RequestList requests={requests} />
        </Box>
      )}
      <Box component="section">
        <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
          Novo pedido
        </Typography>
        {pending ? (
          <Alert severity="info">
            {MESSAGES.limitPendingExists} Você poderá fazer um novo pedido depois da resposta.
          </Alert>
        ) : (
          <LimitForm
            currentLimitCents={toMinorUnits(user.trading_limit)}
            company={user.account_type === 'company' ? (user.company ?? null) : null}
          />
        )}
      </Box>
    </Stack>
  );
}
