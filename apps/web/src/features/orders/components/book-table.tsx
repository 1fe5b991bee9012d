import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { formatBRL, formatGrams, type OrderSide } from '@prata/domain';
import { MoneyText, reaisText } from '@/components/money-text';
import { toMinorUnits } from '@/lib/format';
import type { BookOrder } from '../api/types';
import { SIDE_TEXT } from '../labels';
import { type ListColumn, ResponsiveTable } from './responsive-table';

/** Rows of the book shown before "Mostrar mais" (the server sends up to BOOK_ROWS per side). */
const BOOK_ROWS_SHOWN = 10;

const columns: ReadonlyArray<ListColumn<BookOrder>> = [
  {
    key: 'price',
    header: 'Preço por grama',
    nowrap: true,
    render: (row) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {reaisText(row.price_per_gram)}
        {row.my_order && <Chip label="Sua ordem" size="small" variant="outlined" />}
      </Stack>
    ),
  },
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    nowrap: true,
    render: (row) => <MoneyText>{formatGrams(toMinorUnits(row.quantity_grams))}</MoneyText>,
  },
  { key: 'total', header: 'Total', align: 'right', nowrap: true, render: (row) => reaisText(row.total_amount) },
];

/**
 * The book's side a customer can take (spec 2 §2): sell offers on the buy tab (cheapest first), buy offers on the sell
 * tab (dearest first). The customer's own rows are greyed with "Cancelar"; the others have "Comprar"/"Vender".
 */
export function BookTable({
  side,
  rows,
  onTake,
  onCancel,
}: {
  side: OrderSide;
  rows: readonly BookOrder[];
  onTake: (row: BookOrder) => void;
  onCancel: (row: BookOrder) => void;
}) {
  const text = SIDE_TEXT[side];
  const describe = (row: BookOrder) =>
    `${formatGrams(toMinorUnits(row.quantity_grams))} a ${formatBRL(toMinorUnits(row.price_per_gram))} por grama`;
  return (
    <ResponsiveTable
      label={text.bookTitle}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      emptyText={text.bookEmpty}
      initialRows={BOOK_ROWS_SHOWN}
      muted={(row) => row.my_order}
      actions={(row) =>
        row.my_order ? (
          <Button
            size="small"
            color="error"
            onClick={() => onCancel(row)}
            aria-label={`Cancelar sua ordem de ${describe(row)}`}
          >
            Cancelar
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onTake(row)}
            aria-haspopup="dialog"
            aria-label={`${text.action} ${describe(row)}`}
          >
            {text.action}
          </Button>
        )
      }
    />
  );
}
