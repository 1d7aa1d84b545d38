"use client";

import type { Dimensions } from "@/lib/db/schema";
import { chosenDimensions, overallSize, sizeName, type DimensionSet } from "@/lib/catalog/dimensions";
import { useChosenOptions } from "@/stores/product-choice";
import { kilograms } from "@/lib/catalog/dimensions";

const DIMENSION_LABELS: Array<[Exclude<keyof Dimensions, "arrivesIn">, string]> = [
  ["width", "Width"],
  ["depth", "Depth"],
  ["height", "Height"],
  ["diagonalDepth", "Diagonal depth"],
  ["seatHeight", "Seat height"],
  ["seatDepth", "Seat depth"],
  ["armLength", "Arm length"],
  ["armHeight", "Arm height"],
  ["legHeight", "Leg height"],
  ["sleepingArea", "Sleeping area"],
  ["openLength", "Length opened"],
  ["weightGrams", "Weight"],
];

function DimensionRows({ dimensions }: { dimensions: Dimensions }) {
  // A flat-packed piece is carried in as boards: its assembled diagonal tells a shopper nothing.
  const shown = DIMENSION_LABELS.filter(
    ([key]) =>
      dimensions[key] !== undefined && !(key === "diagonalDepth" && dimensions.arrivesIn?.form === "flat-pack"),
  );
  return shown.map(([key, label]) => {
    const value = dimensions[key];
    return (
      <tr key={key} className="border-b border-ink/10">
        <th scope="row" className="py-2 pr-4 text-left font-medium text-stone-700">
          {label}
        </th>
        <td className="py-2 text-ink">
          {key === "weightGrams" && typeof value === "number"
            ? `${kilograms(value)} kg`
            : typeof value === "number"
              ? `${value} cm`
              : value}
        </td>
      </tr>
    );
  });
}

/**
 * The measurements of the size chosen in the buy box (before a choice, the first size's), saying
 * which size they are when the product comes in several.
 */
export function DimensionsTable({ slug, sets }: { slug: string; sets: DimensionSet[] }) {
  const set = chosenDimensions(sets, useChosenOptions(slug));
  const size = sizeName(set);
  return (
    <table className="w-full text-sm" data-testid="dimensions">
      <caption className="mb-2 text-left font-display text-lg text-ink">
        Dimensions
        {size ? (
          <span className="mt-0.5 block font-sans text-sm text-stone-700" data-testid="dimensions-size">
            {size}: {overallSize(set.dimensions)}
          </span>
        ) : null}
      </caption>
      <tbody>
        <DimensionRows dimensions={set.dimensions} />
      </tbody>
    </table>
  );
}
