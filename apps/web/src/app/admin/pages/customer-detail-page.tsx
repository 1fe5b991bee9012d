import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatCelular,
  formatCnpj,
  formatCpf,
  formatDateTimeBR,
  formatGrams,
  isoToBrDate,
  MESSAGES,
} from '@prata/domain';
import { Fragment, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { RouterLink } from '../../../components/router-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyText } from '../../../components/money-text';
import { useDocumentTitle } from '../../../components/page';
import { StatusChip, StatusWithReason } from '../../../components/status-chip';
import { firstError, hasErrorCode, isApiError } from '../../../lib/api';
import { downloadFromApi } from '../../../lib/download';
import { formatFileSize } from '../../../lib/files';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  describeBanking,
  ESTADO_CIVIL_LABELS,
  DECLARATION_SECTIONS,
  FATCA_QUESTIONS,
  formatAddress,
  REGIME_LABELS,
  SEXO_LABELS,
} from '../../../features/profile';
import { type CustomerDetail, useCustomer, useReviewCustomer } from '../api/customers';
import { CustomerAuditSection } from '../components/customer-audit-section';
import { CustomerStatementSection } from '../../../features/money';
import { DataList } from '../../../components/admin/data-list';
import { SectionCard } from '../../../components/admin/section-card';
import { ACCOUNT_TYPE_LABELS, CUSTOMER_STATUS_LABELS } from '../customer-labels';

import { formatReais as brl } from '../../../lib/format';
const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Sim' : 'Não');

function ReviewActions({ detail }: { detail: CustomerDetail }) {
  const { customer } = detail;
  const review = useReviewCustomer(customer.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const canApprove =
    (customer.status === 'pending' || customer.status === 'rejected') && customer.registration_complete;
  const canReject = customer.status === 'pending';

  const close = () => {
    setDialog(null);
    setReasonError(null);
  };

  const approve = () =>
    review.mutate(
      { decision: 'approve', ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          setNote('');
          close();
        },
        onError: (error) => {
          notify.error(error);
          close();
        },
      },
    );

  const reject = () => {
    if (!reason.trim()) {
      setReasonError(MESSAGES.reasonRequired);
      return;
    }
    review.mutate(
      { decision: 'reject', reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          setReason('');
          close();
        },
        onError: (error) => {
          const fieldError = isApiError(error) ? error.errors?.reason?.[0] : undefined;
          if (fieldError) setReasonError(fieldError);
          else {
            notify.error(error);
            close();
          }
        },
      },
    );
  };

  if (!canApprove && !canReject) return null;

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canReject && (
          <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
            Recusar cadastro
          </Button>
        )}
        {canApprove && (
          <Button variant="contained" color="secondary" onClick={() => setDialog('approve')}>
            Aprovar cadastro
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={dialog === 'approve'}
        title="Aprovar cadastro?"
        confirmLabel="Aprovar cadastro"
        confirmColor="secondary"
        pending={review.isPending}
        onConfirm={approve}
        onClose={close}
      >
        <Typography sx={{ mb: 2 }}>
          {customer.name} poderá movimentar dinheiro e prata. O cliente recebe um e-mail com a aprovação.
        </Typography>
        <TextField
          label="Observação"
          helperText="Opcional; fica no registro de auditoria"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'reject'}
        title="Recusar cadastro?"
        confirmLabel="Recusar cadastro"
        confirmColor="error"
        pending={review.isPending}
        onConfirm={reject}
        onClose={close}
      >
        <Typography sx={{ mb: 2 }}>O cliente recebe o motivo por e-mail e pode corrigir seus dados.</Typography>
        <TextField
          label="Motivo"
          required
          autoFocus
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError) setReasonError(null);
          }}
          error={Boolean(reasonError)}
          helperText={reasonError ?? 'O cliente lerá este texto'}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
    </>
  );
}

function PersonalSection({ customer }: { customer: CustomerDetail['customer'] }) {
  const spouse = customer.estado_civil === 'C' || customer.estado_civil === 'U';
  return (
    <SectionCard title="Dados pessoais" id="dados-pessoais">
      <DataList
        items={[
          { label: 'Nome', value: customer.name },
          { label: 'E-mail', value: customer.email },
          { label: 'CPF', value: customer.cpf ? formatCpf(customer.cpf) : null },
          { label: 'Data de nascimento', value: isoToBrDate(customer.nascimento) },
          { label: 'Celular', value: customer.celular ? formatCelular(customer.celular) : null },
          { label: 'Sexo', value: customer.sexo ? SEXO_LABELS[customer.sexo] : null },
          { label: 'Estado civil', value: customer.estado_civil ? ESTADO_CIVIL_LABELS[customer.estado_civil] : null },
          ...(spouse
            ? [
                { label: 'Cônjuge', value: customer.conjuge_nome },
                { label: 'CPF do cônjuge', value: customer.conjuge_cpf ? formatCpf(customer.conjuge_cpf) : null },
                { label: 'Nascimento do cônjuge', value: isoToBrDate(customer.conjuge_nascimento) },
              ]
            : []),
        ]}
      />
      {DECLARATION_SECTIONS.map((section) => (
        <Fragment key={section.title}>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
            {section.title}
          </Typography>
          <DataList
            items={FATCA_QUESTIONS.filter(({ key }) => section.keys.includes(key)).map(({ key, question }) => ({
              label: question,
              value: yesNo(customer[key]),
            }))}
          />
        </Fragment>
      ))}
    </SectionCard>
  );
}

function CompanySection({ customer }: { customer: CustomerDetail['customer'] }) {
  const company = customer.company;
  return (
    <SectionCard title="Dados da empresa" id="dados-empresa">
      {company ? (
        <DataList
          items={[
            { label: 'Razão social', value: company.razao_social },
            { label: 'Nome fantasia', value: company.nome_fantasia },
            { label: 'CNPJ', value: formatCnpj(company.cnpj) },
            { label: 'Regime tributário', value: REGIME_LABELS[company.regime_tributario] },
            { label: 'Inscrição estadual', value: company.inscricao_estadual },
            { label: 'Inscrição municipal', value: company.inscricao_municipal },
            { label: 'Celular', value: formatCelular(company.celular) },
            { label: 'E-mail de contato', value: company.email },
            { label: 'CNAE principal', value: company.cnae_principal },
            { label: 'CNAEs secundários', value: company.cnaes_secundarios },
            { label: 'Site', value: company.site },
            { label: 'Responsável pela conta', value: `${customer.name} (${customer.email})` },
          ]}
        />
      ) : (
        <Typography color="text.secondary">Os dados da empresa ainda não foram cadastrados.</Typography>
      )}
    </SectionCard>
  );
}

function Detail({ detail }: { detail: CustomerDetail }) {
  const { customer, documents, bankingInformation, tradingLimitRequests } = detail;
  const title = customer.account_type === 'company' && customer.company ? customer.company.razao_social : customer.name;
  useDocumentTitle(title);
  const { hash } = useLocation();
  // "Ver documentos" (Limites) links to #documentos: scroll there once the sections exist.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const hasPendingLimit = tradingLimitRequests.some((request) => request.status === 'pending');

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
        <ReviewActions detail={detail} />
      </Box>

      {customer.status === 'rejected' && customer.registration_rejection_reason && (
        <Alert severity="error">
          Cadastro recusado
          {customer.registration_rejected_at ? ` em ${formatDateTimeBR(customer.registration_rejected_at)}` : ''}:{' '}
          {customer.registration_rejection_reason}
        </Alert>
      )}
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
          <SectionCard
            title="Saldos e limite"
            id="saldos"
            action={
              <Link component={RouterLink} to="#extrato" variant="body2">
                Ver extrato
              </Link>
            }
          >
            <DataList
              items={[
                { label: 'Saldo em reais', value: <MoneyText>{brl(customer.balance_brl)}</MoneyText> },
                {
                  label: 'Saldo em prata',
                  value: <MoneyText>{formatGrams(toMinorUnits(customer.balance_ag))}</MoneyText>,
                },
                { label: 'Limite anual', value: <MoneyText>{brl(customer.trading_limit)}</MoneyText> },
              ]}
            />
          </SectionCard>
          <SectionCard title="Documentos" id="documentos">
            {documents.length === 0 ? (
              <Typography color="text.secondary">Nenhum documento enviado.</Typography>
            ) : (
              <List dense disablePadding aria-label="Documentos do cliente">
                {documents.map((document) => (
                  <ListItem
                    key={document.id}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        startIcon={<FileDownloadOutlined />}
                        aria-label={`Baixar ${document.original_name}`}
                        onClick={() => void downloadFromApi(`/admin/documents/${document.id}`, document.original_name)}
                      >
                        Baixar
                      </Button>
                    }
                    sx={{ pr: 12 }}
                  >
                    <ListItemText
                      primary={document.original_name}
                      secondary={`${formatFileSize(document.size_bytes)} · ${formatDateTimeBR(document.created_at)}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </SectionCard>
          <SectionCard title="Dados bancários" id="dados-bancarios">
            {bankingInformation.length === 0 ? (
              <Typography color="text.secondary">Nenhuma conta ou chave Pix cadastrada.</Typography>
            ) : (
              <List dense disablePadding aria-label="Dados bancários do cliente">
                {bankingInformation.map((entry) => {
                  const { title: entryTitle, detail } = describeBanking(entry);
                  return (
                    <ListItem key={entry.id} disableGutters>
                      <ListItemText
                        primary={entryTitle}
                        secondary={detail}
                        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </SectionCard>
          <SectionCard
            title="Pedidos de limite"
            id="pedidos-de-limite"
            action={
              hasPendingLimit ? (
                <Link component={RouterLink} to="/admin/limites" variant="body2">
                  Analisar em Limites
                </Link>
              ) : undefined
            }
          >
            {tradingLimitRequests.length === 0 ? (
              <Typography color="text.secondary">Nenhum pedido.</Typography>
            ) : (
              <List dense disablePadding aria-label="Pedidos de limite do cliente">
                {tradingLimitRequests.map((request) => (
                  <ListItem key={request.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <ListItemText
                      primary={`${brl(request.new_limit)} · ${formatDateTimeBR(request.created_at)}`}
                      secondary={`Renda mensal ${brl(request.monthly_income)} · patrimônio ${brl(request.net_worth)} · ${[request.profession, request.company_name].filter(Boolean).join(', ')}${request.approved_limit !== null ? ` · aprovado: ${brl(request.approved_limit)}` : ''}`}
                      sx={{ flex: '1 1 220px' }}
                    />
                    <StatusWithReason status={request.status} reason={request.rejection_reason} />
                  </ListItem>
                ))}
              </List>
            )}
          </SectionCard>
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
