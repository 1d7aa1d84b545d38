import Link from "next/link";
import type { Fabric } from "@/lib/catalog/fabrics";

/** On a product page: the free swatches of the fabrics this piece comes in, already ticked. */
export function SwatchLink({
  attributes,
  fabrics,
}: {
  attributes: ReadonlyArray<{ name: string; options: readonly string[] }>;
  fabrics: readonly Pick<Fabric, "name" | "slug">[];
}) {
  const names = attributes.find((a) => a.name === "Fabric")?.options ?? [];
  const slugs = fabrics.filter((f) => names.includes(f.name)).map((f) => f.slug);
  if (slugs.length === 0) return null;
  const query = new URLSearchParams(slugs.slice(0, 5).map((s) => ["fabric", s]));
  return (
    <Link
      href={`/fabric-swatches?${query}`}
      className="inline-flex min-h-6 items-center self-start text-sm font-medium text-olive-800 underline underline-offset-4"
      data-testid="swatch-link"
    >
      Feel the {slugs.length === 1 ? "fabric" : "fabrics"} first: free swatches
    </Link>
  );
}
