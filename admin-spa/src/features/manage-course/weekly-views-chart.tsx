// The weekly views bar chart (decision 045): Chart.js with only the pieces a bar chart needs
// registered, in its own chunk that only the course detail page loads. The canvas is hidden from
// screen readers; the page renders the same figures as a table.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface ChartDay {
  label: string;
  value: number;
  date: string;
}

export default function WeeklyViewsChart({ days }: { days: ChartDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const brand = getComputedStyle(canvas.current).getPropertyValue('--color-brand').trim() || '#0b2e6f';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: days.map((d) => d.label), datasets: [{ label: 'Views', data: days.map((d) => d.value), backgroundColor: brand, borderRadius: 4, maxBarThickness: 48 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } },
        plugins: { tooltip: { callbacks: { title: (items) => days[items[0]?.dataIndex ?? 0]?.date ?? '' } } },
      },
    });
    return () => chart.destroy();
  }, [days]);
  return <canvas ref={canvas} />;
}
