import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { SectionCard } from '@/components/admin/section-card';
import { useDocumentTitle } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { StatusChip } from '@/components/status-chip';
import { CustomerStatementSection } from '@/features/money/admin';
import { formatAddress } from '@/features/profile';
import { firstError, hasErrorCode } from '@/lib/api';
import { type CustomerDetail, useCustomer } from '../api/customers';
import { CustomerAccountSections } from '../components/customer-account-sections';
import { CustomerAuditSection } from '../components/customer-audit-section';
import { CompanySection, PersonalSection } from '../components/customer-identity-sections';
import { CustomerBlockActions } from '../components/customer-block-actions';
import { CustomerReviewActions } from '../components/customer-review-actions';
import { ACCOUNT_TYPE_LABELS, CUSTOMER_STATUS_LABELS } from '../customer-labels';

function Detail({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const title = customer.account_type === 'company' && customer.company ? customer.company.razao_social : customer.name;
  useDocumentTitle(title);
  const { hash } = useLocation();
  // "Ver documentos" (Limites) links to #documentos: scroll there once the sections exist.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <Stack spacing={2.5}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <StatusChip status={customer.status} labels={CUSTOMER_STATUS_LABELS} size="medium" />
            <Chip label={ACCOUNT_TYPE_LABELS[customer.account_type]} variant="outlined" />
            {!customer.registration_complete && <Chip label="Cadastro incompleto" color="warning" variant="outlined" />}
            {!customer.email_verified_at && <Chip label="E-mail não verificado" color="warning" variant="outlined" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Cliente desde {formatDateTimeBR(customer.created_at)}
            {customer.approved_at ? ` · aprovado em ${formatDateTimeBR(customer.approved_at)}` : ''}
            {customer.closed_at ? ` · conta encerrada em ${formatDateTimeBR(customer.closed_at)}` : ''}
          </Typography>
        </Box>
        <CustomerReviewActions detail={detail} />
      </Box>

      {customer.status === 'rejected' && customer.registration_rejection_reason && (
        <Alert severity="error">
          Cadastro recusado
          {customer.registration_rejected_at ? ` em ${formatDateTimeBR(customer.registration_rejected_at)}` : ''}:{' '}
          {customer.registration_rejection_reason}
        </Alert>
      )}
      <CustomerBlockActions detail={detail} />
      {!customer.registration_complete && customer.status !== 'closed' && (
        <Alert severity="warning">O cliente ainda não concluiu o cadastro: ele só pode ser aprovado depois.</Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          {customer.account_type === 'company' ? (
            <CompanySection customer={customer} />
          ) : (
            <PersonalSection customer={customer} />
          )}
          <SectionCard title="Endereços" id="enderecos">
            {customer.addresses.length === 0 ? (
              <Typography color="text.secondary">Nenhum endereço cadastrado.</Typography>
            ) : (
              <Stack spacing={1.5}>
                {customer.addresses.map((address) => (
                  <Box key={address.id}>
                    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                      {address.type}
                    </Typography>
                    {formatAddress(address).map((line) => (
                      <Typography key={line} variant="body2">
                        {line}
                      </Typography>
                    ))}
                  </Box>
                ))}
              </Stack>
            )}
          </SectionCard>
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <CustomerAccountSections detail={detail} />
        </Stack>
      </Box>
      <CustomerStatementSection customerId={customer.id} />
      <CustomerAuditSection customerId={customer.id} />
    </Stack>
  );
}

/** /admin/clientes/:id: everything about one customer, and the registration decision. */
export function CustomerDetailPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);

  return (
    <>
      <Button component={RouterLink} to="/admin/clientes" startIcon={<ArrowBack />} sx={{ mb: 1.5, ml: -1 }}>
        Clientes
      </Button>
      {customer.isPending ? (
        <Stack spacing={2}>
          <Skeleton height={48} width="50%" />
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : customer.isError ? (
        <Alert severity={hasErrorCode(customer.error, 'NOT_FOUND') ? 'warning' : 'error'}>
          {hasErrorCode(customer.error, 'NOT_FOUND') ? 'Cliente não encontrado.' : firstError(customer.error)}
        </Alert>
      ) : (
        <Detail detail={customer.data} />
      )}
    </>
  );
}

export const Component = CustomerDetailPage;
