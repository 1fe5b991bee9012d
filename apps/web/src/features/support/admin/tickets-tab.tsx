import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, TICKET_STATUS_LABELS, TICKET_STATUSES } from '@prata/domain';
import { type Column, usePageParam } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { StatusChip } from '@/components/status-chip';
import { useSearchParams } from '@/lib/search-params';
import { type AdminTicketListItem, type TicketStatus, useAdminCategories, useAdminTickets } from './api';
import { StaffTable } from '@/components/admin/staff-table';

const adminTicketPath = (id: number) => `/admin/atendimento/tickets/${id}`;

const COLUMNS: ReadonlyArray<Column<AdminTicketListItem>> = [
  {
    key: 'ticket',
    header: 'Ticket',
    minWidth: 220,
    render: (t) => (
      <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            Nº {t.id}
          </Typography>
          <StatusChip status={t.status} labels={TICKET_STATUS_LABELS} />
          {t.answered && <Chip size="small" color="info" label="Respondido" />}
        </Stack>
        <Link component={RouterLink} to={adminTicketPath(t.id)} sx={{ fontWeight: 600 }}>
          {t.subject}
        </Link>
      </Stack>
    ),
  },
  {
    key: 'customer',
    header: 'Cliente',
    minWidth: 180,
    render: (t) => (
      <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
        {t.customer.id ? (
          <Link component={RouterLink} to={`/admin/clientes/${t.customer.id}`}>
            {t.customer.name ?? `Cliente nº ${t.customer.id}`}
          </Link>
        ) : (
          <Chip size="small" variant="outlined" label="Visitante sem conta" />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t.customer.email}
        </Typography>
      </Stack>
    ),
  },
  {
    key: 'category',
    header: 'Categoria',
    minWidth: 150,
    render: (t) => (
      <>
        <Typography variant="body2">{t.category.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.subcategory.name}
        </Typography>
      </>
    ),
  },
  {
    key: 'dates',
    header: 'Datas',
    minWidth: 140,
    render: (t) => (
      <>
        <Typography variant="body2">Aberto {formatDateTimeBR(t.created_at)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Atualizado {formatDateTimeBR(t.updated_at)}
        </Typography>
      </>
    ),
  },
];

const isStatus = (v: string | null): v is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(v ?? '');

/** The ticket queue: pending first (oldest first), filtered by status and category. */
export function TicketsTab() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const rawStatus = params.get('status');
  const status: TicketStatus | undefined =
    rawStatus === 'todos' ? undefined : isStatus(rawStatus) ? rawStatus : 'pending';
  const categoryId = Number(params.get('categoria')) || undefined;
  const tickets = useAdminTickets({ status, category_id: categoryId, page });
  const categories = useAdminCategories();
  const setFilter = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label="Status"
          value={status ?? 'todos'}
          onChange={(event) => setFilter('status', event.target.value === 'pending' ? '' : event.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="pending">{TICKET_STATUS_LABELS.pending}</MenuItem>
          <MenuItem value="closed">{TICKET_STATUS_LABELS.closed}</MenuItem>
          <MenuItem value="todos">Todos</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Categoria"
          value={categoryId ? String(categoryId) : ''}
          onChange={(event) => setFilter('categoria', event.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">Todas</MenuItem>
          {(categories.data?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <StaffTable
        label="Tickets"
        columns={COLUMNS}
        data={tickets.data}
        isPending={tickets.isPending}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        page={page}
        onPageChange={setPage}
        rowKey={(t) => t.id}
        emptyText={status === 'pending' ? 'Nenhum ticket em análise. Fila em dia!' : 'Nenhum ticket encontrado.'}
      />
    </Stack>
  );
}
