import { useId } from "react";
import type { DayRevenue } from "@/lib/admin/dashboard";
import { formatMoney } from "@/lib/money/money";
import { formatDay } from "@/lib/admin/format";
import { TABLE, TD, TH } from "@/components/admin/ui";
import { shopTime } from "@/lib/config/shop-time";

const W = 720;
const H = 240;
const PAD = { top: 16, right: 8, bottom: 40, left: 112 };
/** The SVG shrinks with its card, so its labels are drawn larger on a phone to stay readable. */
const TICK = "text-[24px] sm:text-[13px]";

/** A round number at or above `max` for the chart's top line: 1, 2 or 5 times a power of ten. */
function niceCeiling(max: number): number {
  if (max <= 0) return 100_00;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

const shortRands = (cents: number) =>
  cents >= 100_000_00 ? `R ${Math.round(cents / 100_000)}k` : formatMoney(cents, { cents: false });
const dayLabel = (day: string) => formatDay(shopTime(day, "12:00:00"));

/**
 * Takings per day, drawn on the server as SVG: no script, no library, readable by a screen reader
 * through its title and description, with the same figures as a table below it.
 */
export function RevenueChart({ days }: { days: DayRevenue[] }) {
  const id = useId();
  const total = days.reduce((s, d) => s + d.revenueCents, 0);
  // The takings are paid orders', so the summary counts those, not every order placed.
  const orders = days.reduce((s, d) => s + d.paidOrders, 0);
  const best = days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a), days[0]!);
  const top = niceCeiling(best.revenueCents);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const barW = Math.max(2, slot * 0.68);
  const y = (cents: number) => PAD.top + plotH - (cents / top) * plotH;
  const summary = `${formatMoney(total)} from ${orders} paid order${orders === 1 ? "" : "s"} over ${days.length} days${best.revenueCents ? `; the best day was ${dayLabel(best.day)} with ${formatMoney(best.revenueCents)}` : ""}.`;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Takings per day, last {days.length} days</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="#23201d"
              strokeOpacity={f === 0 ? 0.35 : 0.12}
            />
            <text x={PAD.left - 8} y={y(top * f) + 4} textAnchor="end" className={TICK} fill="#675f55">
              {shortRands(top * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const h = (d.revenueCents / top) * plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={PAD.top + plotH - h}
                width={barW}
                height={Math.max(h, d.revenueCents ? 1 : 0)}
                rx={2}
                fill={i === days.length - 1 ? "#a3472f" : "#48522b"}
              >
                <title>{`${dayLabel(d.day)}: ${formatMoney(d.revenueCents)}, ${d.paidOrders} paid order${d.paidOrders === 1 ? "" : "s"}`}</title>
              </rect>
              {i % 7 === (days.length - 1) % 7 ? (
                <text
                  x={i === days.length - 1 ? x + barW : x + barW / 2}
                  y={H - 10}
                  textAnchor={i === days.length - 1 ? "end" : "middle"}
                  className={TICK}
                  fill="#675f55"
                >
                  {dayLabel(d.day).replace(/ \d{4}$/, "")}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-stone-700">{summary}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-olive-800">
          Show the figures as a table
        </summary>
        <div className="mt-2 max-h-80 overflow-y-auto" role="region" aria-label="Takings per day" tabIndex={0}>
          <table className={`${TABLE} min-w-0`}>
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Day
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Paid orders
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Takings
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className={`${TD} font-normal`}>
                    {dayLabel(d.day)}
                  </th>
                  <td className={`${TD} text-right tabular-nums`}>{d.paidOrders}</td>
                  <td className={`${TD} text-right tabular-nums`}>{formatMoney(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
