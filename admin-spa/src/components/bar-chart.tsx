// A bar chart (decisions 045, 052): Chart.js with only the pieces a bar chart needs registered, in
// its own chunk that only the pages drawing one load (React.lazy). The canvas is hidden from
// screen readers; each page renders the same figures as a table.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface ChartBar {
  label: string;
  value: number;
  /** The tooltip's title (e.g. the full date). */
  title: string;
}

export default function BarChart({ bars, seriesLabel }: { bars: ChartBar[]; seriesLabel: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const brand = getComputedStyle(canvas.current).getPropertyValue('--color-brand').trim() || '#0b2e6f';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: bars.map((d) => d.label), datasets: [{ label: seriesLabel, data: bars.map((d) => d.value), backgroundColor: brand, borderRadius: 4, maxBarThickness: 48 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } },
        plugins: { tooltip: { callbacks: { title: (items) => bars[items[0]?.dataIndex ?? 0]?.title ?? '' } } },
      },
    });
    return () => chart.destroy();
  }, [bars, seriesLabel]);
  return <canvas ref={canvas} />;
}
