import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { MoneyText, reaisText, gramsText } from '@/components/money-text';
import type { Column } from '@/components/paginated-table';
import { firstError, hasErrorCode } from '@/lib/api';
import { type StatementLine, type StatementResponse, useCustomerStatement } from './api';
import { BUCKET_LABELS, CURRENCY_LABELS, counterpartLabel, formatSignedAmount, statementTitle } from './labels';
import { DataList } from '@/components/admin/data-list';
import { StaffTable } from '@/components/admin/staff-table';
import { SectionCard } from '@/components/admin/section-card';

const COLUMNS: ReadonlyArray<Column<StatementLine>> = [
  { key: 'date', header: 'Data', nowrap: true, width: 150, render: (line) => formatDateTimeBR(line.created_at) },
  {
    key: 'description',
    header: 'Descrição',
    minWidth: 220,
    render: (line) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {statementTitle(line)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line.amount >= 0 ? 'De: ' : 'Para: '}
          {counterpartLabel(line.counterpart)}
        </Typography>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Valor',
    nowrap: true,
    align: 'right',
    render: (line) => (
      <MoneyText
        sx={{ fontWeight: 600, color: line.amount > 0 ? 'success.main' : line.amount < 0 ? 'error.main' : undefined }}
      >
        {formatSignedAmount(line)}
      </MoneyText>
    ),
  },
  {
    key: 'account',
    header: 'Saldo',
    nowrap: true,
    render: (line) => `${CURRENCY_LABELS[line.currency]} · ${BUCKET_LABELS[line.bucket].toLowerCase()}`,
  },
];

function Balances({ balances }: { balances: StatementResponse['balances'] | undefined }) {
  const skeleton = <Skeleton width={100} />;
  return (
    <Box sx={{ mb: 2 }}>
      <DataList
        items={[
          { label: 'Reais disponíveis', value: balances ? reaisText(balances.BRL.available) : skeleton },
          { label: 'Reais reservados', value: balances ? reaisText(balances.BRL.held) : skeleton },
          { label: 'Prata disponível', value: balances ? gramsText(balances.AG.available) : skeleton },
          { label: 'Prata reservada', value: balances ? gramsText(balances.AG.held) : skeleton },
        ]}
      />
    </Box>
  );
}

/**
 * The customer page's ledger statement (Extrato): the balances now, then every transfer that moved one of the
 * customer's accounts, newest first, signed from the customer's side (finance and compliance).
 */
export function CustomerStatementSection({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const statement = useCustomerStatement(customerId, page);
  const forbidden = hasErrorCode(statement.error, 'FORBIDDEN');
  return (
    <SectionCard title="Extrato" id="extrato">
      {forbidden ? (
        <Alert severity="warning">{firstError(statement.error)}</Alert>
      ) : (
        <>
          {!statement.isError && <Balances balances={statement.data?.balances} />}
          <StaffTable
            titleKey="description"
            columns={COLUMNS}
            data={statement.data}
            isPending={statement.isPending}
            error={statement.error}
            onRetry={() => void statement.refetch()}
            page={page}
            onPageChange={setPage}
            rowKey={(line) => `${line.transfer_id}:${line.bucket}:${line.currency}`}
            label="Extrato do cliente"
            emptyText="Nenhuma movimentação."
          />
        </>
      )}
    </SectionCard>
  );
}
