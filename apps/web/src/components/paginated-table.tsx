import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { firstError } from '@/lib/api';
import { RowCards } from './row-cards';
import { TableScroll } from './table-scroll';

/**
 * One page of a server list, as every paginated call answers (spec 2 §7): pages start at 1. A long list's total is
 * capped by the server (`total_capped`: there are more than `total` rows), so no last page is known.
 */
export type PageOf<T> = { data: T[]; total: number; per_page: number; total_capped?: boolean };

const wholeNumber = new Intl.NumberFormat('pt-BR');

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps dates and amounts on one line. */
  nowrap?: boolean;
  /** A fixed width for the column (e.g. dates), so the text columns take the rest. */
  width?: number | string;
  /** Below this the table scrolls sideways instead of squeezing the column (names, e-mails on phones). */
  minWidth?: number;
};

export const EMPTY_TEXT = 'Nenhum registro encontrado.';

/** The page in the URL (?page=, from 1); a missing or bad value is page 1. Changing it keeps the other params. */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      }),
    [setSearchParams],
  );
  return [page, setPage];
}

/** A list that could not be loaded: the reason, and "Tentar de novo" when the caller can retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Tentar de novo
          </Button>
        )
      }
    >
      {firstError(error)}
    </Alert>
  );
}

/**
 * MUI's pagination (0-based) over the API's pages (1-based); nothing when everything fits on one page. A capped total
 * reads "1–15 de mais de 10.000" and always offers the next page (MUI's unknown count), never a false last page.
 */
export function ServerPagination<T>({
  data,
  page,
  onPageChange,
}: {
  data: PageOf<T> | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const perPage = data?.per_page ?? 0;
  const total = data?.total ?? 0;
  const capped = data?.total_capped === true;
  if (perPage <= 0 || (!capped && total <= perPage)) return null;
  const lastIndex = capped ? Number.POSITIVE_INFINITY : Math.ceil(total / perPage) - 1;
  return (
    <TablePagination
      component="div"
      count={capped ? -1 : total}
      page={Math.min(Math.max(0, page - 1), lastIndex)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      {...(capped && {
        labelDisplayedRows: ({ from, to }: { from: number; to: number }) =>
          `${from}–${to} de mais de ${wholeNumber.format(total)}`,
      })}
    />
  );
}

/**
 * A table of one server page: skeleton rows while loading, the error with a retry, "Nenhum registro encontrado."
 * when empty, and MUI's pagination (0-based) mapped to the API's pages (1-based) when there is more than a page.
 * On a phone each row is a card (components/row-cards.tsx: every column's name beside its value); on wider screens a
 * table whose columns do not fit scrolls in its own region, which says so (components/table-scroll.tsx).
 */
export function PaginatedTable<T>({
  columns,
  data,
  isPending,
  error,
  onRetry,
  page,
  onPageChange,
  rowKey,
  label,
  emptyText = EMPTY_TEXT,
  skeletonRows = 5,
}: {
  columns: ReadonlyArray<Column<T>>;
  data: PageOf<T> | undefined;
  isPending: boolean;
  error?: unknown;
  onRetry?: () => void;
  page: number;
  onPageChange: (page: number) => void;
  rowKey: (row: T) => string | number;
  /** The table's accessible name. */
  label: string;
  emptyText?: string;
  skeletonRows?: number;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (error && !data) return <LoadError error={error} onRetry={onRetry} />;

  const rows = data?.data ?? [];

  if (narrow)
    return (
      <Paper variant="outlined">
        <RowCards
          label={label}
          columns={columns}
          rows={data?.data}
          rowKey={rowKey}
          isPending={isPending}
          emptyText={emptyText}
        />
        <ServerPagination data={data} page={page} onPageChange={onPageChange} />
      </Paper>
    );

  return (
    <Paper variant="outlined">
      <TableScroll label={label}>
        <Table size="small" aria-label={label} aria-busy={isPending || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: 'text.secondary',
                    width: column.width,
                    minWidth: column.minWidth,
                  }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending && !data ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <TableRow key={i} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <TableCell key={column.key}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.key}
                      align={column.align}
                      sx={column.nowrap ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } : undefined}
                    >
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableScroll>
      <ServerPagination data={data} page={page} onPageChange={onPageChange} />
    </Paper>
  );
}
