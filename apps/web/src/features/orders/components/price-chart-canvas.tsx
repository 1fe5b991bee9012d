import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { BRASILIA_OFFSET_MS } from '@prata/domain';
import type { PriceHistoryResponse } from '../api/types';
import { timeAxisLabel } from './price-chart-axis';

/** The chart prints its times as UTC, so they are shifted back by Brasília's offset. */
const BRASILIA_OFFSET_SECONDS = -BRASILIA_OFFSET_MS / 1000;

const LINE = '#00796B';
const TEXT = '#55636B';
const GRID = 'rgba(38, 50, 56, 0.06)';

import { formatReais as brl } from '@/lib/format';

/**
 * The closing price of each bucket as an area (lightweight-charts, in its own chunk: it loads only where the chart is
 * drawn). Prices in R$ as the rest of the screen prints them; times in Brasília's clock.
 */
export default function PriceChartCanvas({
  candles,
  range,
  height,
}: {
  candles: PriceHistoryResponse['candles'];
  range: PriceHistoryResponse['range'];
  height: number;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: TEXT,
        fontFamily: 'inherit',
        // the logo is a link inside the chart's picture (role="img"): an interactive element inside another one.
        // The attribution TradingView's licence asks for is a link beside the chart instead (price-chart.tsx).
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: GRID } },
      // room above and below the line, so the top and bottom price labels are not clipped
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.15 } },
      timeScale: {
        borderVisible: false,
        timeVisible: range !== 'month',
        secondsVisible: false,
        tickMarkFormatter: timeAxisLabel,
      },
      localization: { locale: 'pt-BR', priceFormatter: brl },
      handleScroll: false,
      handleScale: false,
      crosshair: { vertLine: { labelBackgroundColor: LINE }, horzLine: { labelBackgroundColor: LINE } },
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: LINE,
      lineWidth: 2,
      topColor: 'rgba(0, 121, 107, 0.28)',
      bottomColor: 'rgba(0, 121, 107, 0.02)',
      priceLineVisible: false,
    });
    series.setData(
      candles.map((candle) => ({
        time: (Math.floor(Date.parse(candle.at) / 1000) + BRASILIA_OFFSET_SECONDS) as UTCTimestamp,
        value: candle.close,
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles, range]);

  return <div ref={container} style={{ height, width: '100%' }} />;
}
