import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBRL, formatCnpj, formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyTextField } from '@/components/money-field';
import { reaisText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { type Column, PaginatedTable, usePageParam } from '@/components/paginated-table';
import { toMinorUnits } from '@/lib/format';
import { type PendingLimitRequest, useLimitRequests } from '../api/limit-requests';
import { type Decision, decisionColumn } from '@/components/admin/review-queue';
import { useLimitDecision } from '../components/use-limit-decision';

/** Approve (the asked limit, or another) or reject (with a reason) one request (use-limit-decision.ts). */
function DecisionDialog({
  decision,
  onClose,
}: {
  decision: Decision<PendingLimitRequest> | null;
  onClose: () => void;
}) {
  const { request, amount, reason, error, close, submit, busy, ...edit } = useLimitDecision(decision, onClose);
  const approving = decision?.kind === 'approve';
  return (
    <ConfirmDialog
      open={decision !== null}
      title={approving ? 'Aprovar aumento de limite?' : 'Recusar pedido de limite?'}
      confirmLabel={approving ? 'Aprovar limite' : 'Recusar pedido'}
      confirmColor={approving ? 'secondary' : 'error'}
      pending={busy}
      onConfirm={submit}
      onClose={close}
    >
      {request && (
        <Stack spacing={2}>
          <Typography>
            {request.customer.name} pediu {formatBRL(toMinorUnits(request.new_limit))} (limite atual:{' '}
            {formatBRL(toMinorUnits(request.customer.trading_limit))}).
          </Typography>
          {approving ? (
            <MoneyTextField
              label="Limite aprovado"
              value={amount}
              onChange={edit.setAmount}
              error={Boolean(error)}
              helperText={error ?? 'Você pode aprovar um valor diferente do pedido.'}
              required
            />
          ) : (
            <TextField
              label="Motivo"
              required
              autoFocus
              value={reason}
              onChange={(event) => edit.setReason(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? 'O cliente lerá este texto'}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}

/** Limites: pending trading-limit requests, oldest first, with approve (any amount) and reject (with reason). */
export function LimitRequestsPage() {
  const [page, setPage] = usePageParam();
  const requests = useLimitRequests(page);
  const [decision, setDecision] = useState<Decision<PendingLimitRequest> | null>(null);

  const columns: ReadonlyArray<Column<PendingLimitRequest>> = [
    {
      key: 'customer',
      header: 'Cliente',
      minWidth: 220,
      render: (row) => (
        <>
          <Link component={RouterLink} to={`/admin/clientes/${row.customer.id}`} sx={{ fontWeight: 600 }}>
            {row.customer.name}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.customer.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Pedido em {formatDateTimeBR(row.created_at)}
          </Typography>
        </>
      ),
    },
    {
      key: 'limits',
      header: 'Atual → pedido',
      nowrap: true,
      render: (row) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {reaisText(row.customer.trading_limit)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {reaisText(row.new_limit)}
          </Typography>
        </>
      ),
    },
    {
      key: 'income',
      header: 'Renda / patrimônio',
      nowrap: true,
      render: (row) => (
        <>
          <Typography variant="body2">{reaisText(row.monthly_income)} /mês</Typography>
          <Typography variant="body2" color="text.secondary">
            {reaisText(row.net_worth)}
          </Typography>
        </>
      ),
    },
    {
      key: 'work',
      header: 'Profissão',
      minWidth: 200,
      render: (row) => (
        <>
          {/* a company asks in its own name: no profession */}
          <Typography variant="body2">{row.profession || 'Pedido da empresa'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.company_name} ·{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatCnpj(row.company_cnpj)}
            </Box>
          </Typography>
          {row.other_info && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
              {row.other_info}
            </Typography>
          )}
          <Link component={RouterLink} to={`/admin/clientes/${row.customer.id}#documentos`} variant="body2">
            Ver documentos
          </Link>
        </>
      ),
    },
    decisionColumn({ subject: 'limite', onDecide: setDecision }),
  ];

  return (
    <>
      <PageHeader
        title="Limites"
        description="Pedidos de aumento do limite anual em análise, do mais antigo para o mais novo."
      />
      <PaginatedTable
        label="Pedidos de aumento de limite"
        columns={columns}
        rowKey={(row) => row.id}
        data={requests.data}
        isPending={requests.isPending}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum pedido em análise."
      />
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

export const Component = LimitRequestsPage;
