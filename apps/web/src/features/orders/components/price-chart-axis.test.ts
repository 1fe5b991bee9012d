import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { timeAxisLabel } from './price-chart-axis';

/** The chart's time: Brasília's clock written as UTC (price-chart-canvas.tsx shifts every candle so). */
const at = (clock: string) => (Date.parse(`${clock}Z`) / 1000) as UTCTimestamp;

describe('timeAxisLabel', () => {
  it('writes the day where it changes as dd/mm, among the times of the day range', () => {
    const ticks: Array<[string, TickMarkType]> = [
      ['2026-12-06T08:30:00', TickMarkType.Time],
      ['2026-12-06T17:45:00', TickMarkType.Time],
      ['2026-12-07T00:00:00', TickMarkType.DayOfMonth],
      ['2026-12-07T04:30:00', TickMarkType.Time],
      ['2026-12-07T05:45:00', TickMarkType.Time],
    ];
    expect(ticks.map(([clock, type]) => timeAxisLabel(at(clock), type))).toEqual([
      '08:30',
      '17:45',
      '07/12',
      '04:30',
      '05:45',
    ]);
  });

  it('writes the start of a month as its day, a year as its number, seconds when the axis shows them', () => {
    expect(timeAxisLabel(at('2026-12-01T00:00:00'), TickMarkType.Month)).toBe('01/12');
    expect(timeAxisLabel(at('2027-01-01T00:00:00'), TickMarkType.Year)).toBe('2027');
    expect(timeAxisLabel(at('2026-12-07T09:05:03'), TickMarkType.TimeWithSeconds)).toBe('09:05:03');
  });

  it('leaves to the library a time that is not a timestamp', () => {
    expect(timeAxisLabel('2026-12-07', TickMarkType.DayOfMonth)).toBeNull();
  });
});
