import { scaleBand, scaleLinear } from "d3-scale";

import { formatTaka } from "~/utils/money";

type Day = { date: string; revenue: number; orders: number };

const WIDTH = 720;
const HEIGHT = 240;
const M = { top: 12, right: 12, bottom: 28, left: 64 };

/**
 * Revenue per day as bars: plain SVG rendered on the server (no JavaScript
 * needed), d3-scale only for the arithmetic. The SVG has a text summary for
 * screen readers, and the same figures sit in a table below it.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const x = scaleBand<string>()
    .domain(days.map((d) => d.date))
    .range([M.left, WIDTH - M.right])
    .padding(0.2);
  const max = Math.max(...days.map((d) => d.revenue), 0);
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([HEIGHT - M.bottom, M.top]);
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const best = days.reduce<Day | null>((top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top), null);
  const summary = best
    ? `${formatTaka(total)} in ${days.length} days; the best day was ${best.date} with ${formatTaka(best.revenue)}.`
    : `No revenue in the last ${days.length} days.`;
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="revenue-chart-title revenue-chart-desc"
      >
        <title id="revenue-chart-title">Revenue per day, last {days.length} days</title>
        <desc id="revenue-chart-desc">{summary}</desc>
        {y.ticks(4).map((t) => (
          <g key={t} className="text-stone-400">
            <line x1={M.left} x2={WIDTH - M.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.3} />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill="#57534e">
              {formatTaka(t).replace(/\.00$/, "")}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d.date}>
            <rect
              x={x(d.date)}
              y={y(d.revenue)}
              width={x.bandwidth()}
              height={Math.max(0, HEIGHT - M.bottom - y(d.revenue))}
              fill="#c2410c"
              data-date={d.date}
            >
              <title>{`${d.date}: ${formatTaka(d.revenue)}`}</title>
            </rect>
            {i % labelEvery === 0 || i === days.length - 1 ? (
              <text x={(x(d.date) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="#57534e">
                {d.date.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <figcaption className="text-sm text-stone-600">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="table-basic">
            <caption className="sr-only">Orders and revenue per day</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {days.map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{d.orders}</td>
                  <td>{formatTaka(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
