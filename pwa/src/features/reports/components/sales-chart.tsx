/**
 * The sales chart (DESIGN.md §12): revenue (Tk, left axis) and orders (right axis) per shop day,
 * drawn by uPlot, which this module loads — script and stylesheet — only when the chart is shown,
 * so no other page carries it. The chart is a picture for sighted readers (`aria-hidden`); the
 * same numbers are a table beside it (sales-report.tsx).
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { SalesDay } from '@contract/report';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n/i18n';

const HEIGHT = 260;
// daisyUI's success and warning hues, dark enough to read on the light theme.
const REVENUE_COLOUR = '#15803d';
const ORDERS_COLOUR = '#b45309';

/** The chart of `days`, its x-axis labels from `dayLabel` (a day's short date in the language shown). */
export function SalesChart({ days, dayLabel }: { days: readonly SalesDay[]; dayLabel: (date: string) => string }) {
  const t = useT();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      const whole = (splits: number[]) => splits.map((value) => (Number.isInteger(value) ? formatNumber(value) : ''));
      const options: uPlot.Options = {
        width: element.clientWidth,
        height: HEIGHT,
        scales: {
          x: { time: false },
          tk: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] },
          n: { range: (_u, _min, max) => [0, Math.max(max, 4) * 1.1] },
        },
        axes: [
          {
            incrs: [1, 2, 3, 5, 7, 10, 14],
            space: 56,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? dayLabel(days[i]?.date ?? '') : '')),
          },
          { scale: 'tk', size: 64, values: (_u, splits) => whole(splits) },
          { scale: 'n', side: 1, size: 44, grid: { show: false }, values: (_u, splits) => whole(splits) },
        ],
        series: [
          { label: t('reports.date'), value: (_u, i) => (i === null ? '' : dayLabel(days[i]?.date ?? '')) },
          {
            label: t('reports.revenue'),
            scale: 'tk',
            stroke: REVENUE_COLOUR,
            width: 2,
            fill: 'rgba(21, 128, 61, 0.12)',
            value: (_u, v) => (v === null ? '' : formatNumber(v)),
          },
          {
            label: t('reports.orders'),
            scale: 'n',
            stroke: ORDERS_COLOUR,
            width: 2,
            dash: [6, 4],
            points: { show: true, size: 6 },
            value: (_u, v) => (v === null ? '' : formatNumber(v)),
          },
        ],
      };
      const data: uPlot.AlignedData = [
        days.map((_, i) => i),
        days.map((day) => day.revenue),
        days.map((day) => day.orders),
      ];
      plot = new UPlot(options, data, element);
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days, dayLabel, locale, t]);
  return (
    <div ref={box} className="w-full" aria-hidden="true" data-testid="sales-chart" style={{ minHeight: HEIGHT }} />
  );
}
