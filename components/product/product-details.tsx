import { Tabs } from "@/components/ui/tabs";
import type { ProductDetail } from "@/lib/catalog/types";
import type { SpecRow } from "@/lib/db/schema";
import { dimensionSets, overallSize, sizeName, type DimensionSet } from "@/lib/catalog/dimensions";
import { DimensionsTable } from "@/components/product/dimensions-table";
import { DimensionsDrawing } from "@/components/product/dimensions-drawing";
import { PROMISES } from "@/lib/config/site";
import { DELIVERY_TIME } from "@/lib/delivery/config";

/** Every size side by side, for a product made in several: "2 Seater: W 172 x D 94 x H 86 cm, sleeps 120 x 188 cm". */
function sizesRow(sets: DimensionSet[]): SpecRow | null {
  if (sets.length < 2) return null;
  const value = sets
    .map((set) => {
      const d = set.dimensions;
      return `${sizeName(set) ?? ""}: ${overallSize(d)}${d.sleepingArea ? `, sleeps ${d.sleepingArea}` : ""}`;
    })
    .join(". ");
  return { label: "Sizes", value };
}

export function ProductDetails({ product }: { product: ProductDetail }) {
  const sets = dimensionSets(product);
  const sizes = sizesRow(sets);
  // Beside the fabrics, where a shopper choosing between options looks.
  const at = product.specs.findIndex((s) => s.label === "Fabric" || s.label === "Fabrics") + 1 || product.specs.length;
  const specs = sizes ? [...product.specs.slice(0, at), sizes, ...product.specs.slice(at)] : product.specs;
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
                {product.features.map((f, i) => (
                  <li key={`${i}-${f}`} className="flex gap-3 text-stone-700">
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
            <div className="grid items-start gap-8 md:grid-cols-2">
              <div>
                <DimensionsTable slug={product.slug} sets={sets} />
                <DimensionsDrawing slug={product.slug} sets={sets} />
              </div>
              <table className="w-full text-sm">
                <caption className="mb-2 text-left font-display text-lg text-ink">Specifications</caption>
                <tbody>
                  {specs.map((s, i) => (
                    <tr key={`${i}-${s.label}`} className="border-b border-ink/10">
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
                {DELIVERY_TIME}; our delivery partner phones you the day before to agree on a time window.
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
              {product.care
                .split(/\n\s*\n/)
                .filter((para) => para.trim())
                .map((para, i) => (
                  <p key={i}>{para}</p>
                ))}
            </div>
          ),
        },
      ]}
    />
  );
}
