import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBRL, formatCnpj, formatDateTimeBR, MESSAGES, parseAmountInput } from '@prata/domain';
import { useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { centsToDecimalText, MoneyTextField } from '../../../components/money-field';
import { reaisText } from '../../../components/money-text';
import { PageHeader } from '../../../components/page';
import { type Column, PaginatedTable, usePageParam } from '../../../components/paginated-table';
import { hasErrorCode } from '../../../lib/api';
import { useIntention } from '../../../lib/intention';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  type LimitDecision,
  type PendingLimitRequest,
  useLimitRequests,
  useReviewLimitRequest,
} from '../api/limit-requests';
import { type Decision, decisionColumn } from '../../../components/admin/review-queue';

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a form dialog: mostly its fields' JSX
function DecisionDialog({
  decision,
  onClose,
}: {
  decision: Decision<PendingLimitRequest> | null;
  onClose: () => void;
}) {
  const review = useReviewLimitRequest();
  const request = decision?.row;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<number | null>(null);

  // Each request opens with the asked limit filled in and no reason.
  if (request && shownFor !== request.id) {
    setShownFor(request.id);
    setAmount(centsToDecimalText(toMinorUnits(request.new_limit)));
    setReason('');
    setError(null);
  }

  const close = () => {
    setShownFor(null);
    onClose();
  };
  const intention = useIntention({ id: request?.id, kind: decision?.kind, amount, reason: reason.trim() });
  const send = (id: number, chosen: LimitDecision) =>
    intention
      .run((key) => review.mutateAsync({ id, decision: chosen, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          close();
        },
        (failure: unknown) => {
          notify.error(failure);
          if (!hasErrorCode(failure, 'VALIDATION_FAILED')) close();
        },
      );

  const submit = () => {
    if (!decision || !request) return;
    if (decision.kind === 'reject') {
      if (!reason.trim()) return setError(MESSAGES.reasonRequired);
      return void send(request.id, { decision: 'reject', reason: reason.trim() });
    }
    const parsed = parseAmountInput(amount);
    if (!parsed.ok) return setError(parsed.reason === 'empty' ? MESSAGES.newLimitRequired : MESSAGES.amountInvalid);
    const asked = toMinorUnits(request.new_limit);
    void send(
      request.id,
      parsed.minor === asked
        ? { decision: 'approve' }
        : { decision: 'approve', approved_limit: centsToDecimalText(parsed.minor) },
    );
  };

  const approving = decision?.kind === 'approve';
  return (
    <ConfirmDialog
      open={decision !== null}
      title={approving ? 'Aprovar aumento de limite?' : 'Recusar pedido de limite?'}
      confirmLabel={approving ? 'Aprovar limite' : 'Recusar pedido'}
      confirmColor={approving ? 'secondary' : 'error'}
      pending={intention.busy}
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
              onChange={(value) => {
                setAmount(value);
                setError(null);
              }}
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
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
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
