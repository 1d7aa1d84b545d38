import Link from "next/link";
import type { Fabric } from "@/lib/catalog/fabrics";
import { databaseReads, getFabricFamilies, getFabrics } from "@/lib/catalog/data";
import { renderSwatchSvg } from "@/lib/drawing/furniture";

/** The range grouped by family, the families in the order of their first fabric. */
function byFamily<F extends Pick<Fabric, "family">>(fabrics: readonly F[]): Array<[string, F[]]> {
  const groups = new Map<string, F[]>();
  for (const f of fabrics) groups.set(f.family, [...(groups.get(f.family) ?? []), f]);
  return [...groups];
}

/**
 * Every fabric of the range, drawn close up in its colours as the database has them, grouped by
 * family, with a way to shop it.
 */
export async function FabricSwatches() {
  await databaseReads();
  const [fabrics, families] = await Promise.all([getFabrics(), getFabricFamilies()]);
  // What staff wrote of each family (the back office's Fabrics page); a family without it shows its fabrics alone.
  const about = new Map(families.map((f) => [f.name.toLowerCase(), f.about]));
  return (
    <div className="mt-10 space-y-12" data-testid="fabric-swatches">
      {byFamily(fabrics).map(([family, members], i) => (
        // An id without the family's spaces: aria-labelledby reads a space as a list of ids.
        <section key={family} aria-labelledby={`fabric-family-${i}`}>
          <h2 id={`fabric-family-${i}`} className="text-2xl text-ink">{family}</h2>
          {about.get(family.toLowerCase()) ? (
            <p className="mt-1 text-sm text-stone-600">{about.get(family.toLowerCase())}</p>
          ) : null}
          <ul className="mt-5 grid grid-cols-2 gap-5 sm:grid-cols-3 xl:grid-cols-4">
            {members.map((f) => (
              <li key={f.slug} data-testid="swatch" data-fabric={f.slug} data-hex={f.hex}>
                {/* eslint-disable-next-line @next/next/no-img-element -- our own SVG drawing, drawn from the fabric's colours */}
                <img src={`data:image/svg+xml;utf8,${encodeURIComponent(renderSwatchSvg(f))}`} alt={`${f.name} fabric, close up`} width={240} height={240} loading="lazy" className="aspect-square w-full rounded-card border border-ink/10" />
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
      ))}
    </div>
  );
}
