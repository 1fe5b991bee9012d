import Box from '@mui/material/Box';
import { formatDateBR, formatDateTimeBR, formatReais } from '@prata/domain';
import { visuallyHidden } from '@/components/polite-announcer';
import type { PriceHistoryResponse } from '../api/types';

/** How many of the chart's last points the text alternative lists. */
const LAST_PRICES_ROWS = 12;

const LAST_PRICES_CAPTION = 'Últimos preços';

/**
 * The chart's text alternative: the last closing prices it draws, newest first, as a table a
 * screen reader walks cell by cell. Visually hidden: the chart shows the same figures to those who see it.
 */
export function LastPricesTable({ data }: { data: PriceHistoryResponse }) {
  const rows = data.candles.slice(-LAST_PRICES_ROWS).reverse();
  const byDay = data.range === 'month';
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>
        {LAST_PRICES_CAPTION}
        {data.candles.length > rows.length ? ` (os ${rows.length} mais recentes)` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">{byDay ? 'Data' : 'Data e hora'}</th>
          <th scope="col">Preço por grama</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((candle) => (
          <tr key={candle.at}>
            <th scope="row">{byDay ? formatDateBR(candle.at) : formatDateTimeBR(candle.at)}</th>
            <td>{formatReais(candle.close)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
