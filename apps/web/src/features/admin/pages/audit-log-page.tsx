import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page';
import { firstError } from '../../../lib/api';
import { type AuditEntry, useAuditLog } from '../api/get-audit-log';

const COLUMNS = ['Data', 'Operador', 'Ação', 'Alvo', 'Detalhes'] as const;

export function formatDetails(details: unknown): string {
  if (details === null || details === undefined || details === '') return '';
  if (typeof details === 'string') return details;
  try {
    return JSON.stringify(details);
  } catch {
    return String(details);
  }
}

function Row({ entry }: { entry: AuditEntry }) {
  const details = formatDetails(entry.details);
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTimeBR(entry.created_at)}
      </TableCell>
      <TableCell>
        {entry.actor ? (
          <>
            <Typography variant="body2">{entry.actor.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {entry.actor.email}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Sistema
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Box component="code" sx={{ fontSize: '0.8125rem' }}>
          {entry.action}
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {entry.target_type ? `${entry.target_type}${entry.target_id !== null ? ` #${entry.target_id}` : ''}` : '—'}
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography
          variant="body2"
          title={details}
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.75rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {details || '—'}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** Registro de auditoria: every operator action, newest first, paginated by the server. */
export function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const log = useAuditLog(page);
  const perPage = log.data?.per_page ?? 20;

  return (
    <>
      <PageHeader title="Registro de auditoria" description="Todas as ações feitas por operadores no back office." />
      {log.isError ? (
        <Alert severity="error">{firstError(log.error)}</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Registro de auditoria">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 600 }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {log.isPending ? (
                  Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                ) : log.data.data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                      Nenhuma ação registrada.
                    </TableCell>
                  </TableRow>
                ) : (
                  log.data.data.map((entry) => <Row key={entry.id} entry={entry} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {log.data && log.data.total > perPage && (
            <TablePagination
              component="div"
              count={log.data.total}
              page={page - 1}
              rowsPerPage={perPage}
              rowsPerPageOptions={[perPage]}
              onPageChange={(_event, next) => setSearchParams({ page: String(next + 1) })}
            />
          )}
        </Paper>
      )}
    </>
  );
}

export const Component = AuditLogPage;
