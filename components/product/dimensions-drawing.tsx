"use client";

import { chosenDimensions, type DimensionSet } from "@/lib/catalog/dimensions";
import { measuredDescription, measuredViews, type Measure, type MeasuredView } from "@/lib/catalog/dimension-drawing";
import { useChosenOptions } from "@/stores/product-choice";

/** One view's lines and measures, its floor at `floor` and its left edge at `left` (drawing units: cm). */
function View({ view, left, floor, font }: { view: MeasuredView; left: number; floor: number; font: number }) {
  const x = (cm: number) => left + cm;
  const y = (cm: number) => floor - cm;
  const line = (s: { x1: number; y1: number; x2: number; y2: number }) => ({
    x1: x(s.x1),
    y1: y(s.y1),
    x2: x(s.x2),
    y2: y(s.y2),
  });
  const measure = (m: Measure, i: number) => {
    const gap = font * 0.9;
    if (m.side === "left") {
      const at = x(m.x1) - gap;
      const mid = (y(m.y1) + y(m.y2)) / 2;
      return (
        <g key={i}>
          <line
            x1={at}
            y1={y(m.y1)}
            x2={at}
            y2={y(m.y2)}
            markerStart="url(#measure-end)"
            markerEnd="url(#measure-end)"
          />
          <text x={at - font * 0.4} y={mid} transform={`rotate(-90 ${at - font * 0.4} ${mid})`} textAnchor="middle">
            {m.label}
          </text>
        </g>
      );
    }
    const at = y(m.y1) + gap;
    const mid = (x(m.x1) + x(m.x2)) / 2;
    return (
      <g key={i}>
        <line x1={x(m.x1)} y1={at} x2={x(m.x2)} y2={at} markerStart="url(#measure-end)" markerEnd="url(#measure-end)" />
        <text x={mid} y={at + font * 1.1} textAnchor="middle">
          {m.label}
        </text>
      </g>
    );
  };
  return (
    <g>
      <g className="stroke-ink" strokeWidth={font / 8} fill="none">
        {view.outline.map((s, i) => (
          <line key={i} {...line(s)} strokeLinecap="round" />
        ))}
      </g>
      <g className="stroke-stone-500" strokeWidth={font / 14} strokeDasharray={`${font / 3} ${font / 4}`}>
        {view.inner.map((s, i) => (
          <line key={i} {...line(s)} />
        ))}
      </g>
      <g className="fill-stone-700 stroke-stone-700 [&_text]:stroke-none" strokeWidth={font / 16} fontSize={font}>
        {view.measures.map(measure)}
      </g>
      <text
        x={x(view.width / 2)}
        y={floor - view.height - font * 0.8}
        textAnchor="middle"
        fontSize={font}
        className="fill-stone-700"
      >
        {view.name}
      </text>
    </g>
  );
}

/**
 * The chosen size drawn to scale with its measures, from the front and the side: what the
 * dimensions table says, as a shape a shopper can hold against a wall.
 */
export function DimensionsDrawing({ slug, sets }: { slug: string; sets: DimensionSet[] }) {
  const { dimensions } = chosenDimensions(sets, useChosenOptions(slug));
  const [front, side] = measuredViews(dimensions) as [MeasuredView, MeasuredView];
  const font = Math.max(7, (front.width + side.width) / 26);
  const margin = font * 3.2;
  const gap = font * 4.5;
  const top = font * 2.5;
  const width = margin + front.width + gap + side.width + font;
  const height = top + dimensions.height + font * 3;
  const floor = top + dimensions.height;
  return (
    <figure className="mt-6" data-testid="dimensions-drawing">
      <svg
        viewBox={`0 0 ${width.toFixed(1)} ${height.toFixed(1)}`}
        role="img"
        aria-label={measuredDescription(dimensions)}
        className="h-auto w-full max-w-xl font-sans"
      >
        <defs>
          <marker id="measure-end" viewBox="0 0 2 10" refX="1" refY="5" markerWidth="2" markerHeight="10" orient="auto">
            <line x1="1" y1="0" x2="1" y2="10" className="stroke-stone-700" strokeWidth="1" />
          </marker>
        </defs>
        <View view={front} left={margin} floor={floor} font={font} />
        <View view={side} left={margin + front.width + gap} floor={floor} font={font} />
      </svg>
    </figure>
  );
}
