import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a card shows of a column: its name and how a row's value reads. */
export type CardColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** amounts (reais, grams) are set to the right, as a table's column of figures */
  align?: 'left' | 'right' | 'center';
};

const cardSx = { px: 2, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } } as const;

/**
 * One row as a phone shows it: a definition list, each column's name beside its value (figures to the right, in
 * tabular numerals), so nothing falls off the right edge of a narrow screen and a screen reader reads "Valor, R$ 10,00".
 */
function RowCard<T>({ columns, row }: { columns: ReadonlyArray<CardColumn<T>>; row: T }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        // the names take what they need up to 45 % of the card; the values the rest
        gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'baseline',
      }}
    >
      {columns.map((column) => {
        const value = column.render(row);
        // a column with nothing for this row (no action to take) is left out of its card
        if (value === null || value === undefined || value === false || value === '') return null;
        return (
          <Box key={column.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {column.header}
            </Typography>
            <Box
              component="dd"
              sx={{
                m: 0,
                typography: 'body2',
                minWidth: 0,
                overflowWrap: 'break-word',
                fontVariantNumeric: 'tabular-nums',
                textAlign: column.align === 'right' ? 'right' : 'left',
                // a long status wraps inside its chip instead of being cut with "…" (320 px screens)
                '& .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
                '& .MuiChip-label': { whiteSpace: 'normal', textOverflow: 'clip', py: 0.25 },
              }}
            >
              {value}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The rows of a table as a list of cards (phones): one item per row, named like the table it replaces; placeholders
 * while the first page loads, `emptyText` when there is nothing.
 */
export function RowCards<T>({
  label,
  columns,
  rows,
  rowKey,
  isPending,
  emptyText,
  skeletonRows = 3,
}: {
  label: string;
  columns: ReadonlyArray<CardColumn<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  isPending: boolean;
  emptyText: string;
  skeletonRows?: number;
}) {
  if (isPending && !rows)
    return (
      <Box aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Box key={i} data-testid="skeleton-row" sx={cardSx}>
            <Skeleton width="60%" />
            <Skeleton />
            <Skeleton width="40%" />
          </Box>
        ))}
      </Box>
    );
  if (!rows || rows.length === 0)
    return <Typography sx={{ py: 5, px: 2, textAlign: 'center', color: 'text.secondary' }}>{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={cardSx}>
          <RowCard columns={columns} row={row} />
        </Box>
      ))}
    </Box>
  );
}
