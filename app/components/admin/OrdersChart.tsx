import { scaleBand, scaleLinear } from "d3-scale";

import { shortDate } from "~/utils/dates";
import { formatTaka } from "~/utils/money";

/** One Dhaka day: orders placed (count and value, paid or not) and the money collected that day. */
type Day = { date: string; orders: number; placedValue: number; revenue: number };

/** An axis label, "27 Nov": the year is in the summary. */
const dayAndMonth = (day: string) => shortDate(day).replace(/ \d{4}$/, "");

const SERIES = [
  { key: "placedValue", label: "Orders placed (value)", fill: "#ea580c" },
  { key: "revenue", label: "Paid (collected)", fill: "#7c2d12" },
] as const;

type Layout = { width: number; height: number; font: number; labels: number; counts: boolean };
// Two drawings of the same figures: a phone gets fewer, larger labels instead of a shrunken wide chart.
const WIDE: Layout = { width: 720, height: 260, font: 11, labels: 6, counts: true };
const NARROW: Layout = { width: 360, height: 240, font: 11, labels: 4, counts: false };

const shortTaka = (n: number) => formatTaka(n).replace(/\.00$/, "");

/**
 * Orders placed and their value per day, with the money collected (orders
 * marked paid) beside them: a cash-on-delivery shop is paid days after the
 * order, so placed orders are what move daily (issue 28 item 3). Plain SVG
 * rendered on the server (no JavaScript needed), d3-scale only for the
 * arithmetic; a text summary, and the same figures in a table below.
 */
export function OrdersChart({ days }: { days: Day[] }) {
  const placed = days.reduce((sum, d) => sum + d.placedValue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const paid = days.reduce((sum, d) => sum + d.revenue, 0);
  const busiest = days.reduce<Day | null>((top, d) => (d.orders > (top?.orders ?? 0) ? d : top), null);
  const summary =
    orders === 0 && paid === 0
      ? `No orders placed and nothing collected in the last ${days.length} days.`
      : `${orders} ${orders === 1 ? "order" : "orders"} placed worth ${formatTaka(placed)}, and ${formatTaka(paid)} collected, in ${days.length} days` +
        (busiest
          ? `; the busiest day was ${shortDate(busiest.date)} with ${busiest.orders} ${busiest.orders === 1 ? "order" : "orders"} worth ${formatTaka(busiest.placedValue)}.`
          : ".");
  return (
    <figure className="space-y-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.fill }} />
            {s.label}
          </li>
        ))}
        <li className="hidden text-stone-600 sm:list-item">Numbers above the bars: orders placed</li>
      </ul>
      <div className="hidden sm:block">
        <Drawing days={days} layout={WIDE} summary={summary} id="orders-chart-wide" />
      </div>
      <div className="sm:hidden">
        <Drawing days={days} layout={NARROW} summary={summary} id="orders-chart-narrow" />
      </div>
      <figcaption className="text-sm text-stone-600">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Show the figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          {/* Narrow cells and small type on a phone, so the four columns fit without sideways scrolling. */}
          <table className="table-basic w-full text-xs sm:text-sm [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3">
            <caption className="sr-only">Orders placed and money collected per day</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Orders</th>
                <th scope="col">Placed value</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {days.map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{d.orders}</td>
                  <td>{formatTaka(d.placedValue)}</td>
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

function Drawing({ days, layout, summary, id }: { days: Day[]; layout: Layout; summary: string; id: string }) {
  const { width, height, font } = layout;
  const m = { top: layout.counts ? 18 : 10, right: 8, bottom: 24, left: 56 };
  const x = scaleBand<string>()
    .domain(days.map((d) => d.date))
    .range([m.left, width - m.right])
    .padding(0.15);
  const inner = scaleBand<string>()
    .domain(SERIES.map((s) => s.key))
    .range([0, x.bandwidth()])
    .padding(0.05);
  const max = Math.max(0, ...days.flatMap((d) => [d.placedValue, d.revenue]));
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([height - m.bottom, m.top]);
  const labelEvery = Math.ceil(days.length / layout.labels);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>Orders placed and paid per day, last {days.length} days</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {y.ticks(4).map((t) => (
        <g key={t} className="text-stone-400">
          <line x1={m.left} x2={width - m.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.3} />
          <text x={m.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={font} fill="#57534e">
            {shortTaka(t)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const left = x(d.date) ?? 0;
        return (
          <g key={d.date} data-date={d.date}>
            {SERIES.map((s) => (
              <rect
                key={s.key}
                x={left + (inner(s.key) ?? 0)}
                y={y(d[s.key])}
                width={inner.bandwidth()}
                height={Math.max(0, height - m.bottom - y(d[s.key]))}
                fill={s.fill}
                data-series={s.key}
              >
                <title>{`${shortDate(d.date)}: ${s.label} ${formatTaka(d[s.key])}${s.key === "placedValue" ? `, ${d.orders} ${d.orders === 1 ? "order" : "orders"}` : ""}`}</title>
              </rect>
            ))}
            {layout.counts && d.orders > 0 ? (
              <text x={left + x.bandwidth() / 2} y={Math.min(y(d.placedValue), y(d.revenue)) - 4} textAnchor="middle" fontSize={font - 1} fill="#44403c">
                {d.orders}
              </text>
            ) : null}
            {i % labelEvery === 0 || i === days.length - 1 ? (
              <text x={left + x.bandwidth() / 2} y={height - 8} textAnchor="middle" fontSize={font} fill="#57534e">
                {dayAndMonth(d.date)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
