import type { DrawingView } from "@/lib/drawing/types";

/** Lower-case, dash-separated, ASCII only: "Ivory Bouclé" -> "ivory-boucle". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * One picture per visual combination of options. Attribute names are sorted so that
 * { Size, Fabric } and { Fabric, Size } name the same file.
 */
export function imageKey(attributes: Record<string, string>): string {
  const names = Object.keys(attributes).sort();
  if (names.length === 0) return "default";
  return names.map((n) => slugify(attributes[n] ?? "")).join("--");
}

export function productImageSrc(
  productSlug: string,
  attributes: Record<string, string>,
  view: DrawingView = "main",
): string {
  return `/images/products/${productSlug}/${imageKey(attributes)}-${view}.svg`;
}

/**
 * The folder of a product's drawn pictures: the one its stored pictures name, so a product given a
 * new address in the back office keeps its drawings; its slug when it has none stored.
 */
export function pictureFolder(p: { slug: string; images: readonly { src: string }[] }): string {
  const folder = /^\/images\/products\/([a-z0-9-]+)\//.exec(p.images[0]?.src ?? "");
  return folder ? folder[1]! : p.slug;
}
