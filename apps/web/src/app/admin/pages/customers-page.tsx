import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCnpj, formatCpf, formatDateTimeBR } from '@prata/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { RouterLink } from '@/components/router-link';
import { PageHeader } from '@/components/page';
import { type Column, PaginatedTable, usePageParam } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import { useDebouncedValue } from '@/lib/hooks';
import { type CustomerSummary, useCustomers } from '../api/customers';
import { ACCOUNT_TYPE_LABELS, CUSTOMER_FILTERS, CUSTOMER_STATUS_LABELS, isCustomerFilter } from '../customer-labels';

const SEARCH_DEBOUNCE_MS = 350;

const COLUMNS: ReadonlyArray<Column<CustomerSummary>> = [
  {
    key: 'name',
    header: 'Cliente',
    minWidth: 240,
    render: (row) => (
      <>
        <Link component={RouterLink} to={`/admin/clientes/${row.id}`} sx={{ fontWeight: 600 }}>
          {row.account_type === 'company' && row.razao_social ? row.razao_social : row.name}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.account_type === 'company' && row.razao_social ? `${row.name} · ${row.email}` : row.email}
        </Typography>
        {!row.email_verified_at && (
          <Typography variant="caption" color="warning.dark">
            E-mail não verificado
          </Typography>
        )}
      </>
    ),
  },
  { key: 'type', header: 'Tipo', nowrap: true, render: (row) => ACCOUNT_TYPE_LABELS[row.account_type] },
  {
    key: 'document',
    header: 'CPF / CNPJ',
    nowrap: true,
    render: (row) =>
      row.account_type === 'company' ? (row.cnpj ? formatCnpj(row.cnpj) : '—') : row.cpf ? formatCpf(row.cpf) : '—',
  },
  {
    key: 'status',
    header: 'Status',
    render: (row) => <StatusChip status={row.status} labels={CUSTOMER_STATUS_LABELS} />,
  },
  { key: 'created_at', header: 'Cadastro', nowrap: true, render: (row) => formatDateTimeBR(row.created_at) },
];

/** "1 cliente", "12 clientes", or "mais de 10.000 clientes" when the server capped the total (lib/paging.ts). */
export function customersCount({ total, total_capped }: { total: number; total_capped?: true }): string {
  if (total_capped) return `mais de ${total.toLocaleString('pt-BR')} clientes`;
  return total === 1 ? '1 cliente' : `${total.toLocaleString('pt-BR')} clientes`;
}

/** Clientes: search by name, e-mail, CPF or CNPJ, filter by review status; each row opens the customer. */
export function CustomersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const q = searchParams.get('q') ?? '';
  const rawStatus = searchParams.get('status');
  const status = isCustomerFilter(rawStatus) ? rawStatus : 'all';
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const customers = useCustomers(q, status, page);

  // The typed text reaches the URL once it stops changing; a new search starts at page 1.
  useEffect(() => {
    const term = debounced.trim();
    if (term === q) return;
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (term) copy.set('q', term);
        else copy.delete('q');
        copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  }, [debounced, q, setSearchParams]);

  const setStatus = (next: string) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params);
      if (next === 'all') copy.delete('status');
      else copy.set('status', next);
      copy.delete('page');
      return copy;
    });

  return (
    <>
      <PageHeader title="Clientes" description="Cadastros de clientes: confira os dados e aprove ou recuse." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Buscar"
          placeholder="Nome, e-mail, CPF ou CNPJ"
          value={text}
          onChange={(event) => setText(event.target.value)}
          type="search"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          sx={{ flex: 1, minWidth: 180 }}
        >
          {CUSTOMER_FILTERS.map((filter) => (
            <MenuItem key={filter.value} value={filter.value}>
              {filter.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {customers.data && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {customersCount(customers.data)}
          </Typography>
        </Box>
      )}
      <PaginatedTable
        label="Clientes"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        data={customers.data}
        isPending={customers.isPending}
        error={customers.error}
        onRetry={() => void customers.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum cliente encontrado."
      />
    </>
  );
}

export const Component = CustomersPage;
