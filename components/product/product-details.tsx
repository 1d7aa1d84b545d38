import { Tabs } from "@/components/ui/tabs";
import type { ProductDetail } from "@/lib/catalog/types";
import type { Dimensions } from "@/lib/db/schema";
import { PROMISES } from "@/lib/config/site";

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
        <td className="py-2 text-ink">{typeof value === "number" ? `${value} cm` : value}</td>
      </tr>
    );
  });
}

export function ProductDetails({ product }: { product: ProductDetail }) {
  return (
    <Tabs
      label="Product information"
      tabs={[
        {
          id: "features",
          label: "Features",
          content: (
            <div className="grid gap-8 md:grid-cols-2">
              <div className="prose-shop">
                {product.description.split(/\n\s*\n/).map((para, i) => (
                  <p key={i}>{para}</p>
                ))}
              </div>
              <ul className="space-y-2">
                {product.features.map((f) => (
                  <li key={f} className="flex gap-3 text-stone-700">
                    <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-olive-700" />
                    {f}
                  </li>
                ))}
              </ul>
            </div>
          ),
        },
        {
          id: "specs",
          label: "Specs & Sizes",
          content: (
            <div className="grid gap-8 md:grid-cols-2">
              <table className="w-full text-sm">
                <caption className="mb-2 text-left font-display text-lg text-ink">Dimensions</caption>
                <tbody>
                  <DimensionRows dimensions={product.dimensions} />
                </tbody>
              </table>
              <table className="w-full text-sm">
                <caption className="mb-2 text-left font-display text-lg text-ink">Specifications</caption>
                <tbody>
                  {product.specs.map((s) => (
                    <tr key={s.label} className="border-b border-ink/10">
                      <th scope="row" className="py-2 pr-4 text-left align-top font-medium text-stone-700">
                        {s.label}
                      </th>
                      <td className="py-2 text-ink">{s.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          id: "shipping",
          label: "Shipping & Returns",
          content: (
            <div className="prose-shop max-w-2xl">
              <p>
                Delivery is free to any address in South Africa. Each piece is made to order and delivered within{" "}
                {PROMISES.deliveryDays} days; our delivery partner phones you the day before to agree on a time window.
              </p>
              <p>
                If it is not right for your home, you may return it within {PROMISES.returnDays} days of receiving it,
                in its original condition. We collect it and refund you in full once it is back in the workshop.
              </p>
            </div>
          ),
        },
        {
          id: "care",
          label: "Warranty & Care",
          content: (
            <div className="prose-shop max-w-2xl">
              <p>
                Every frame carries our lifetime frame guarantee: if the frame breaks in normal use, we repair or
                replace it. Foam, springs and upholstery are guaranteed for two years.
              </p>
              <p>{product.care}</p>
            </div>
          ),
        },
      ]}
    />
  );
}
