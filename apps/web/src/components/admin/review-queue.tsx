import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import type { ReactNode } from 'react';
import type { Column, PageOf } from '../paginated-table';
import { useSearchParams } from '@/lib/search-params';
import { CustomerCell } from './customer-cell';
import { type DecisionOutcome, ReviewDialog } from './review-dialog';
import { StaffTable } from './staff-table';

/**
 * The pieces the back office's review queues share (deposits, withdrawals, limit requests): tabs over the queues in
 * the URL, a table over one page of a list query, the decided list's status filter, the approve/reject column and
 * the dialog of one row's decision.
 */

/** One of a page's queues or statuses: its value in the URL and its label. */
export type Option<V extends string> = { value: V; label: string };

/** A decision the operator is about to make on one row. */
export type Decision<T> = { kind: 'approve' | 'reject'; row: T };

/** A customer as the money rows carry it. */
type RowCustomer = { id: number; name: string; email: string };

/** "Cliente": a link to the customer page, and the e-mail. */
export const customerColumn: Column<{ customer: RowCustomer }> = {
  key: 'customer',
  header: 'Cliente',
  minWidth: 220,
  render: (row) => <CustomerCell customer={row.customer} />,
};

/** "Data": when the row was created. */
export const createdAtColumn: Column<{ created_at: string }> = {
  key: 'date',
  header: 'Data',
  nowrap: true,
  width: 150,
  render: (row) => formatDateTimeBR(row.created_at),
};

/**
 * "Ações": approve and reject, named for the row's customer ("Aprovar depósito de Ana", "Recusar depósito de Ana");
 * one above the other on narrow screens, side by side from `sideBySideFrom` up.
 */
export function decisionColumn<T extends { customer: { name: string } }>({
  subject,
  approveText = 'Aprovar',
  sideBySideFrom = 'xl',
  onDecide,
}: {
  /** what is decided, as the accessible names say it: 'depósito', 'retirada', 'limite' */
  subject: string;
  approveText?: string;
  sideBySideFrom?: 'lg' | 'xl';
  onDecide: (decision: Decision<T>) => void;
}): Column<T> {
  return {
    key: 'actions',
    header: 'Ações',
    render: (row) => (
      <Stack direction={{ xs: 'column', [sideBySideFrom]: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          size="small"
          variant="contained"
          color="secondary"
          onClick={() => onDecide({ kind: 'approve', row })}
          aria-label={`${approveText} ${subject} de ${row.customer.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {approveText}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => onDecide({ kind: 'reject', row })}
          aria-label={`Recusar ${subject} de ${row.customer.name}`}
        >
          Recusar
        </Button>
      </Stack>
    ),
  };
}

/** When a decided row was decided ("em 01/03/2026 09:05"); nothing when it was not. */
export function DecidedAt({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      em {formatDateTimeBR(at)}
    </Typography>
  );
}

/** The reason of a rejection, as the customer read it; nothing when there is none. */
export function RejectionReason({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      Motivo: {reason}
    </Typography>
  );
}

/**
 * Tabs over a page's queues, kept in the URL (?fila=; the first queue has none, and switching clears the other
 * params), and the panel of the chosen one.
 */
export function QueueTabs<V extends string>({
  queues,
  label,
  idPrefix,
  scrollable = false,
  children,
}: {
  queues: ReadonlyArray<Option<V>>;
  /** the tab list's accessible name */
  label: string;
  /** the tabs' and panel's ids: `${idPrefix}-tab-${queue}`, `${idPrefix}-panel` */
  idPrefix: string;
  /** scroll buttons when the tabs do not fit (phones) */
  scrollable?: boolean;
  children: (queue: V) => ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const first = queues[0]!.value;
  const queue = queues.find((q) => q.value === searchParams.get('fila'))?.value ?? first;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={queue}
          onChange={(_event, next: V) => setSearchParams(next === first ? {} : { fila: next })}
          variant={scrollable ? 'scrollable' : 'standard'}
          scrollButtons="auto"
          allowScrollButtonsMobile={scrollable}
          aria-label={label}
        >
          {queues.map((q) => (
            <Tab
              key={q.value}
              value={q.value}
              label={q.label}
              id={`${idPrefix}-tab-${q.value}`}
              aria-controls={`${idPrefix}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${queue}`}>
        {children(queue)}
      </Box>
    </>
  );
}

/**
 * A decided list's status in the URL (?status=): one of `options`, the first when missing or unknown. Choosing
 * another goes back to the first page.
 */
export function useStatusParam<V extends string>(options: ReadonlyArray<Option<V>>): [V, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = options.find((o) => o.value === searchParams.get('status'))?.value ?? options[0]!.value;
  const setStatus = (next: string) =>
    setSearchParams((params) => {
      params.set('status', next);
      params.delete('page');
      return params;
    });
  return [status, setStatus];
}

/** "Situação": the select over a decided list's statuses (see useStatusParam). */
export function StatusSelect<V extends string>({
  options,
  value,
  onChange,
}: {
  options: ReadonlyArray<Option<V>>;
  value: V;
  onChange: (next: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Situação"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ mb: 2, width: { xs: '100%', sm: 240 } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What QueueTable needs of a list query (react-query's result has it). */
export type PageQuery<T> = {
  data: PageOf<T> | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A StaffTable over one page of a list query: its rows keyed by id, its loading and error states, its retry. */
export function QueueTable<T extends { id: number }>({
  query,
  label,
  columns,
  page,
  onPageChange,
  emptyText,
}: {
  query: PageQuery<T>;
  /** the table's accessible name */
  label: string;
  columns: ReadonlyArray<Column<T>>;
  page: number;
  onPageChange: (page: number) => void;
  emptyText: string;
}) {
  return (
    <StaffTable
      label={label}
      columns={columns}
      rowKey={(row) => row.id}
      data={query.data}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      page={page}
      onPageChange={onPageChange}
      emptyText={emptyText}
    />
  );
}

/**
 * ReviewDialog for a decision on one row: mounted afresh for each row and kind (so each opens empty), with the title
 * and button of that kind, and `children` saying what the operator should check.
 */
export function DecisionDialog<T extends { id: number }>({
  decision,
  title,
  confirmLabel,
  reasonHelp,
  onSubmit,
  onClose,
  children,
}: {
  /** null: closed */
  decision: Decision<T> | null;
  title: Record<Decision<T>['kind'], string>;
  confirmLabel: Record<Decision<T>['kind'], string>;
  reasonHelp?: string;
  /** reason: null when approving */
  /** reason: null when approving; idempotencyKey: the decision's (ReviewDialog) */
  onSubmit: (row: T, reason: string | null, idempotencyKey: string) => Promise<DecisionOutcome>;
  onClose: () => void;
  children: (row: T, approving: boolean) => ReactNode;
}) {
  const kind = decision?.kind ?? 'reject';
  return (
    <ReviewDialog
      key={decision ? `${decision.kind}-${decision.row.id}` : 'closed'}
      decision={decision?.kind ?? null}
      title={title[kind]}
      confirmLabel={confirmLabel[kind]}
      reasonHelp={reasonHelp}
      onClose={onClose}
      onSubmit={(reason, key) => onSubmit(decision!.row, reason, key)}
    >
      {decision && children(decision.row, decision.kind === 'approve')}
    </ReviewDialog>
  );
}
