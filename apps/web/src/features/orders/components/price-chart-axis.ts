import { type Time, TickMarkType } from 'lightweight-charts';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The labels of the chart's time axis (its `tickMarkFormatter`). The times it gets are already Brasília's clock written
 * as UTC (price-chart-canvas.tsx), so they are read with the UTC getters. The library's own labels print a new day as
 * its bare number ("08:30 17:45 7 04:30"), which reads as a time or a quantity: a day is `dd/mm` (07/12), also where a
 * month begins; a time `HH:mm`; a year its number.
 */
export function timeAxisLabel(time: Time, type: TickMarkType): string | null {
  // the chart is given timestamps only; anything else keeps the library's label
  if (typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  const clock = `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;
  switch (type) {
    case TickMarkType.Year:
      return String(date.getUTCFullYear());
    case TickMarkType.Month:
    case TickMarkType.DayOfMonth:
      return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}`;
    case TickMarkType.TimeWithSeconds:
      return `${clock}:${pad2(date.getUTCSeconds())}`;
    default:
      return clock;
  }
}
