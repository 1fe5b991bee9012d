import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminSilverTransfer,
  formatCpf,
  formatDateTimeBR,
  formatGrams,
  SILVER_TRANSFER_STATUS_LABELS,
  SILVER_TRANSFER_STATUSES,
  type SilverTransferStatus,
} from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { type Column, usePageParam } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import { firstError } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { useSearchParams } from '@/lib/search-params';
import { useAdminTransfers, useCheckReceiptCode } from './api';
import { CustomerCell } from '@/components/admin/customer-cell';
import { StaffTable } from '@/components/admin/staff-table';

const grams = (value: number) => formatGrams(toMinorUnits(value));
const isStatus = (value: string | null): value is SilverTransferStatus =>
  SILVER_TRANSFER_STATUSES.some((s) => s === value);
/** 'ABCD2345EFGH' → 'ABCD-2345-EFGH', as the receipt prints it. */
const formatCheckCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

function Receiver({ row }: { row: AdminSilverTransfer }) {
  if (row.receiver) return <CustomerCell customer={row.receiver} />;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.receiver_email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        sem conta{row.receiver_cpf ? ` · CPF ${formatCpf(row.receiver_cpf)}` : ''}
      </Typography>
    </>
  );
}

const COLUMNS: ReadonlyArray<Column<AdminSilverTransfer>> = [
  { key: 'id', header: 'Nº', nowrap: true, render: (row) => `nº ${row.id}` },
  { key: 'date', header: 'Data', nowrap: true, width: 150, render: (row) => formatDateTimeBR(row.created_at) },
  { key: 'sender', header: 'Remetente', minWidth: 200, render: (row) => <CustomerCell customer={row.sender} /> },
  { key: 'receiver', header: 'Recebedor', minWidth: 200, render: (row) => <Receiver row={row} /> },
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    nowrap: true,
    render: (row) => <MoneyText>{grams(row.quantity_grams)}</MoneyText>,
  },
  {
    key: 'status',
    header: 'Situação',
    minWidth: 170,
    render: (row) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <StatusChip status={row.status} labels={SILVER_TRANSFER_STATUS_LABELS} />
        {row.expires_at && (
          <Typography variant="caption" color="text.secondary">
            volta ao remetente em {formatDateTimeBR(row.expires_at)}
          </Typography>
        )}
        {row.cancelled_at && (
          <Typography variant="caption" color="text.secondary">
            em {formatDateTimeBR(row.cancelled_at)}
          </Typography>
        )}
      </Stack>
    ),
  },
  {
    key: 'code',
    header: 'Código',
    nowrap: true,
    render: (row) => <Box component="code">{formatCheckCode(row.check_code)}</Box>,
  },
];

/** The receipt check: an operator types the code printed on a customer's receipt and reads the transfer it belongs to. */
function ReceiptCheck() {
  const [code, setCode] = useState('');
  const check = useCheckReceiptCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) check.mutate(code);
  };
  const found = check.data?.transfer;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}
      component="section"
      aria-label="Verificar comprovante"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Verificar comprovante
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Informe o código de verificação impresso no comprovante de transferência que o cliente apresentou.
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Código de verificação"
          size="small"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            check.reset();
          }}
          placeholder="ABCD-2345-EFGH"
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="contained" disabled={check.isPending || !code.trim()}>
          Verificar
        </Button>
      </Stack>
      {check.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {firstError(check.error)}
        </Alert>
      )}
      {found && (
        <Alert severity="success" icon={<VerifiedOutlined />} sx={{ mt: 2 }}>
          <AlertTitle>{check.data?.message}</AlertTitle>
          {formatDateTimeBR(found.created_at)} · {grams(found.quantity_grams)} de {found.sender.name} (
          {found.sender.email}) para{' '}
          {found.receiver ? `${found.receiver.name} (${found.receiver.email})` : found.receiver_email} ·{' '}
          {found.status_label}
          {found.message ? ` · “${found.message}”` : ''}
        </Alert>
      )}
    </Paper>
  );
}

/** Transferências: every transfer of silver between customers, by status, with the receipt check. Read-only. */
export function SilverTransfersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const raw = searchParams.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const q = searchParams.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const transfers = useAdminTransfers(status, q, page);
  const setParam = (name: string, value: string) =>
    setSearchParams((params) => {
      if (value) params.set(name, value);
      else params.delete(name);
      params.delete('page');
      return params;
    });
  return (
    <>
      <PageHeader
        title="Transferências de prata"
        description="Prata enviada entre clientes, sem custo. As pendentes aguardam o cadastro do recebedor."
      />
      <ReceiptCheck />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label="Situação"
          value={status ?? 'all'}
          onChange={(event) => setParam('status', event.target.value === 'all' ? '' : event.target.value)}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="all">Todas</MenuItem>
          {SILVER_TRANSFER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {SILVER_TRANSFER_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <Box
          component="form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setParam('q', search.trim());
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        >
          <TextField
            size="small"
            label="Buscar por nome ou e-mail"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </Box>
        {transfers.data && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            Aguardando recebedores:{' '}
            <MoneyText sx={{ fontWeight: 600 }}>{grams(transfers.data.unclaimed_grams)}</MoneyText>
          </Typography>
        )}
      </Stack>
      <StaffTable
        label="Transferências de prata"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        data={transfers.data}
        isPending={transfers.isPending}
        error={transfers.error}
        onRetry={() => void transfers.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhuma transferência encontrada."
      />
    </>
  );
}

export const Component = SilverTransfersPage;
