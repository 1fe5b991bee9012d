import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ComponentProps, ReactNode } from 'react';
import { LoadError, PaginatedTable, ServerPagination } from '@/components/paginated-table';

type Props<T> = ComponentProps<typeof PaginatedTable<T>> & {
  /** a row as a phone shows it: a small card instead of a table row that scrolls sideways */
  renderCard: (row: T) => ReactNode;
};

/** The table on wider screens; on phones each row is a card, with the same pagination. */
export function ResponsiveList<T>({ renderCard, ...props }: Props<T>) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!narrow) return <PaginatedTable {...props} />;
  const { data, isPending, error, onRetry, page, onPageChange, rowKey, label, emptyText } = props;
  if (error && !data) return <LoadError error={error} onRetry={onRetry} />;
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined">
      {isPending && !data ? (
        <Box sx={{ p: 2 }} aria-busy="true">
          <Skeleton />
          <Skeleton />
          <Skeleton />
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 5, px: 2, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={rowKey(row)}
              sx={{ px: 2, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              {renderCard(row)}
            </Box>
          ))}
        </Box>
      )}
      <ServerPagination data={data} page={page} onPageChange={onPageChange} />
    </Paper>
  );
}
