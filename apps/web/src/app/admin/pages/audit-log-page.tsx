import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { type Column, PaginatedTable, usePageParam } from '@/components/paginated-table';
import { PageHeader } from '@/components/page';
import { type AuditEntry, useAuditLog } from '../api/get-audit-log';
import { AuditActorCell } from '../components/audit-cells';

const COLUMNS: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'date', header: 'Data', nowrap: true, width: 150, render: (entry) => formatDateTimeBR(entry.created_at) },
  { key: 'actor', header: 'Autor', minWidth: 180, render: (entry) => <AuditActorCell entry={entry} /> },
  {
    key: 'action',
    header: 'Ação',
    minWidth: 200,
    render: (entry) => (
      <Typography variant="body2" title={entry.action} sx={{ fontWeight: 500 }}>
        {entry.description}
      </Typography>
    ),
  },
  { key: 'target', header: 'Alvo', nowrap: true, render: (entry) => entry.target ?? '—' },
  {
    key: 'details',
    header: 'Detalhes',
    minWidth: 240,
    render: (entry) =>
      entry.details.length === 0 ? (
        '—'
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {entry.details.map((line) => (
            <Typography key={line} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      ),
  },
];

/** Registro de auditoria: operators' actions and customers' sensitive changes, in Portuguese, newest first. */
export function AuditLogPage() {
  const [page, setPage] = usePageParam();
  const log = useAuditLog(page);

  return (
    <>
      <PageHeader
        title="Registro de auditoria"
        description="As ações dos operadores e as alterações sensíveis feitas pelos próprios clientes, das mais recentes às mais antigas."
      />
      <PaginatedTable
        columns={COLUMNS}
        data={log.data}
        isPending={log.isPending}
        error={log.error}
        onRetry={() => void log.refetch()}
        page={page}
        onPageChange={setPage}
        rowKey={(entry) => entry.id}
        label="Registro de auditoria"
        emptyText="Nenhuma ação registrada."
      />
    </>
  );
}

export const Component = AuditLogPage;
