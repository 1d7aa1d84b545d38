/**
 * A fabric of the range, as the database keeps it (lib/db/schema.ts). Drawings, swatches and the
 * fabric filter all read the range, so a fabric named on a product has a colour to draw and a
 * swatch to show. The helpers below take the range they look in: the shop's, loaded on the server.
 */
export type Fabric = {
  name: string;
  slug: string;
  /** Main colour of the upholstery. */
  hex: string;
  /** Darker tone for shadows, piping and seams. */
  shade: string;
  family: string;
  note: string;
  /** Words shoppers search the colour by ("grey, taupe"), comma-separated. */
  colourWords: string;
  /**
   * Weeks from our mill's order to a finished piece when this fabric has run out: what a sold-out
   * option says ("Back in about 4 weeks"). Set by the family's supply, which is what runs out.
   */
  restockWeeks: number;
};

/** What the browser is handed of a fabric: enough to draw its colour and say when it returns. */
export type FabricSwatch = Pick<Fabric, "name" | "slug" | "hex" | "shade" | "restockWeeks">;

export function toSwatch(f: FabricSwatch): FabricSwatch {
  return { name: f.name, slug: f.slug, hex: f.hex, shade: f.shade, restockWeeks: f.restockWeeks };
}

/** The fabric of that name, whatever its case. */
export function fabricByName<F extends Pick<Fabric, "name">>(fabrics: readonly F[], name: string): F | undefined {
  const wanted = name.toLowerCase();
  return fabrics.find((f) => f.name.toLowerCase() === wanted);
}

export function fabricBySlug<F extends Pick<Fabric, "slug">>(fabrics: readonly F[], slug: string): F | undefined {
  return fabrics.find((f) => f.slug === slug);
}

/** What a sold-out option says about its return, from its fabric; null when it has none. */
export function restockNote(
  fabrics: readonly Pick<Fabric, "name" | "restockWeeks">[],
  attributes: Record<string, string>,
): string | null {
  const fabric = attributes.Fabric ? fabricByName(fabrics, attributes.Fabric) : undefined;
  return fabric ? `Back in about ${fabric.restockWeeks} weeks` : null;
}
