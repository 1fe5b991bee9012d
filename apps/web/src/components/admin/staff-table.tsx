import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ComponentProps } from 'react';
import { type Column, EMPTY_TEXT, LoadError, PaginatedTable, ServerPagination } from '../paginated-table';
import { firstError, hasErrorCode } from '@/lib/api';

type Props<T> = ComponentProps<typeof PaginatedTable<T>> & {
  /** the column that titles each card on phones (the first one when absent) */
  titleKey?: string;
};

/**
 * Phones: each row as a card. The first column is the card's title, `actions` its last line, the others label and
 * value: a queue stays readable and its buttons reachable without scrolling sideways.
 */
function CardList<T>({
  columns,
  data,
  isPending,
  error,
  onRetry,
  page,
  onPageChange,
  rowKey,
  label,
  emptyText,
  titleKey,
}: Props<T>) {
  if (error && !data) return <LoadError error={error} onRetry={onRetry} />;
  const all = columns as ReadonlyArray<Column<T>>;
  const title = all.find((column) => column.key === titleKey) ?? all[0];
  const rest = all.filter((column) => column !== title);
  const fields = rest.filter((column) => column.key !== 'actions');
  const actions = rest.find((column) => column.key === 'actions');
  const rows = data?.data ?? [];
  if (isPending && !data) {
    return (
      <Stack spacing={1.5} aria-busy>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ py: 5, px: 2, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText ?? EMPTY_TEXT}</Typography>
      </Paper>
    );
  }
  return (
    <>
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            {title && <Box sx={{ mb: 1.5, minWidth: 0 }}>{title.render(row)}</Box>}
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 2, rowGap: 1 }}
            >
              {fields.map((column) => (
                <Box key={column.key} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Box>
                </Box>
              ))}
            </Box>
            {actions && <Box sx={{ mt: 1.5 }}>{actions.render(row)}</Box>}
          </Paper>
        ))}
      </Stack>
      <ServerPagination data={data} page={page} onPageChange={onPageChange} />
    </>
  );
}

/**
 * The back office's money lists: PaginatedTable on wider screens, cards on phones; and when the operator's roles do
 * not reach the list (403 FORBIDDEN), the server's reason as a warning without "Tentar de novo" (another try gets the
 * same answer).
 */
export function StaffTable<T>({ titleKey, ...props }: Props<T>) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (hasErrorCode(props.error, 'FORBIDDEN')) return <Alert severity="warning">{firstError(props.error)}</Alert>;
  return narrow ? <CardList {...props} titleKey={titleKey} /> : <PaginatedTable {...props} />;
}
