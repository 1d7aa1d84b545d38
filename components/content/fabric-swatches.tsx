import Link from "next/link";
import { FABRICS, type Fabric } from "@/lib/catalog/fabrics";
import { swatchSrc } from "@/lib/content/cover-scenes";

const FAMILIES: Array<{ family: Fabric["family"]; about: string }> = [
  { family: "Linen weave", about: "45% linen, 55% polyester. Cool, soft and relaxed." },
  { family: "Performance weave", about: "100% polyester, tested to 60 000 rubs. For families and pets." },
  { family: "Velvet", about: "Polyester pile on a cotton-blend backing. Deep colour, soft sheen." },
  { family: "Bouclé", about: "80% polyester, 20% acrylic loops. Textured and forgiving." },
  { family: "Leather", about: "Full-grain South African cowhide on every seating surface." },
];

/** Every fabric of the catalogue, drawn close up, grouped by family, with a way to shop it. */
export function FabricSwatches() {
  return (
    <div className="mt-10 space-y-12" data-testid="fabric-swatches">
      {FAMILIES.map(({ family, about }) => {
        const fabrics = FABRICS.filter((f) => f.family === family);
        if (fabrics.length === 0) return null;
        return (
          <section key={family} aria-labelledby={`family-${family}`}>
            <h2 id={`family-${family}`} className="text-2xl text-ink">{family}</h2>
            <p className="mt-1 text-sm text-stone-600">{about}</p>
            <ul className="mt-5 grid grid-cols-2 gap-5 sm:grid-cols-3 xl:grid-cols-4">
              {fabrics.map((f) => (
                <li key={f.slug} data-testid="swatch" data-fabric={f.slug}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- our own SVG drawing */}
                  <img src={swatchSrc(f.slug)} alt={`${f.name} fabric, close up`} width={240} height={240} loading="lazy" className="aspect-square w-full rounded-card border border-ink/10" />
                  <p className="mt-3 flex items-center gap-2 font-semibold text-ink">
                    <span aria-hidden className="h-3 w-3 rounded-full border border-ink/15" style={{ background: f.hex }} />
                    {f.name}
                  </p>
                  <p className="mt-1 text-sm leading-relaxed text-stone-700">{f.note}</p>
                  <Link href={`/product-category/couches?fabric=${f.slug}`} className="mt-2 inline-block text-sm font-semibold text-olive-700 underline-offset-4 hover:underline">
                    Couches in {f.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
