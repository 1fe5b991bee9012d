import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { TableScroll } from '@/components/table-scroll';
import { visuallyHidden } from '@/components/polite-announcer';
import { type RevealFocus, useRevealFocus } from '@/lib/focus';

export type ListColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** keeps dates and amounts on one line */
  nowrap?: boolean;
};

type Props<T> = {
  /** the list's accessible name */
  label: string;
  columns: ReadonlyArray<ListColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => number | string;
  emptyText: string;
  /** the row's buttons: the last column on wide screens, the card's last line on phones */
  actions?: (row: T) => ReactNode;
  /** a row shown muted (the customer's own orders in the book, spec 2 §2) */
  muted?: (row: T) => boolean;
  /** rows shown before "Mostrar mais" (all when absent) */
  initialRows?: number;
};

const mutedSx = { bgcolor: 'action.hover', '& td': { color: 'text.secondary' } } as const;

function Empty({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

type ListProps<T> = Omit<Props<T>, 'emptyText' | 'initialRows'> & { focus: RevealFocus };

function Cards<T>({ label, columns, rows, rowKey, actions, muted, focus }: ListProps<T>) {
  const [title, ...fields] = columns;
  return (
    <Stack component="ul" spacing={1.25} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row, i) => (
        <Paper
          key={rowKey(row)}
          {...focus.propsFor(i)}
          component="li"
          variant="outlined"
          sx={{ p: 1.75, minWidth: 0, ...(muted?.(row) && { bgcolor: 'action.hover' }) }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
            {title && (
              <Box sx={{ minWidth: 0 }}>
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {title.header}
                </Typography>
                <Box sx={{ fontWeight: 650 }}>{title.render(row)}</Box>
              </Box>
            )}
            {actions && <Box sx={{ flexShrink: 0 }}>{actions(row)}</Box>}
          </Stack>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
              columnGap: 2,
              rowGap: 0.75,
            }}
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
        </Paper>
      ))}
    </Stack>
  );
}

function Rows<T>({ label, columns, rows, rowKey, actions, muted, focus }: ListProps<T>) {
  return (
    <Paper variant="outlined">
      <TableScroll label={label}>
        <Table size="small" aria-label={label}>
          {/* the names of the columns of figures: the chat button keeps clear of them (features/chat/clear-spot.ts) */}
          <TableHead data-keep-clear="">
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }}
                >
                  {column.header}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ width: 1 }}>
                  <Box component="span" sx={visuallyHidden}>
                    Ações
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={rowKey(row)} {...focus.propsFor(i)} hover sx={muted?.(row) ? mutedSx : undefined}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } : undefined}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

/**
 * A short list of the orders screen: a table on wider screens, one card per row on phones (as the money screens'
 * lists), the empty text when there is nothing, and "Mostrar mais" past `initialRows`.
 */
export function ResponsiveTable<T>({ emptyText, initialRows, rows, ...props }: Props<T>) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [all, setAll] = useState(false);
  const focus = useRevealFocus();
  if (rows.length === 0) return <Empty text={emptyText} />;
  const limit = initialRows && !all ? initialRows : rows.length;
  const shown = rows.slice(0, limit);
  return (
    <Box>
      {narrow ? <Cards {...props} rows={shown} focus={focus} /> : <Rows {...props} rows={shown} focus={focus} />}
      {rows.length > limit && (
        <Button
          size="small"
          onClick={() => {
            focus.revealFrom(limit);
            setAll(true);
          }}
          sx={{ mt: 1 }}
        >
          Mostrar mais ({rows.length - limit})
        </Button>
      )}
    </Box>
  );
}
