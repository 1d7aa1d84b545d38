import "server-only";
import { asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { fabrics, products, variations } from "@/lib/db/schema";
import { imageKey } from "@/lib/catalog/images";
import { fabricByName } from "@/lib/catalog/fabrics";
import { renderProductSvg, resolveDrawing } from "@/lib/drawing/furniture";
import { DRAWING_VIEWS, type DrawingView, type FurnitureDrawing } from "@/lib/drawing/types";

const VIEW_LABEL: Record<DrawingView, string> = {
  main: "three-quarter view",
  front: "front view",
  detail: "fabric and seam close-up",
};

/** How a product is drawn, as the database keeps it (products.drawing); anything else is no drawing. */
const drawingSpec: z.ZodType<FurnitureDrawing> = z.object({
  kind: z.enum(["sofa", "corner", "sleeper", "ottoman", "bed"]),
  seats: z.number().int().min(1).max(4).optional(),
  arm: z.enum(["track", "rolled", "slope", "none"]).optional(),
  legs: z.enum(["tapered-wood", "block", "metal", "hidden"]).optional(),
  back: z.enum(["tight", "cushion", "tufted"]).optional(),
  orientation: z.enum(["left", "right"]).optional(),
  headboard: z.enum(["panel", "wingback", "channel", "buttoned"]).optional(),
  shape: z.enum(["round", "square", "rect"]).optional(),
  bedSize: z.enum(["single", "double", "queen", "king"]).optional(),
});

const FILE = new RegExp(`^([a-z0-9-]{1,200})-(${DRAWING_VIEWS.join("|")})\\.svg$`);

/**
 * The drawing at /images/products/{folder}/{file} that the build did not draw: an option staff
 * added since (a new fabric on a demo couch), drawn now from the product's drawing and the fabric's
 * colours as the database has them. Null when the address names no option of a drawn product.
 */
export async function drawnPicture(db: Db, folder: string, file: string): Promise<string | null> {
  const wanted = FILE.exec(file);
  if (!wanted) return null;
  const [, key, view] = wanted as unknown as [string, string, DrawingView];
  // The folder is the product's slug, or the one its stored drawings name after a new address.
  const [product] = await db
    .select({ id: products.id, name: products.name, drawing: products.drawing, attributes: products.attributes })
    .from(products)
    .where(or(eq(products.slug, folder), sql`${products.images}->0->>'src' like ${`/images/products/${folder}/%`}`))
    .orderBy(asc(products.id))
    .limit(1);
  const drawing = product && drawingSpec.safeParse(product.drawing);
  if (!product || !drawing?.success) return null;
  const [options, range] = await Promise.all([
    db.select({ attributes: variations.attributes }).from(variations).where(eq(variations.productId, product.id)),
    db
      .select({ name: fabrics.name, hex: fabrics.hex, shade: fabrics.shade, family: fabrics.family })
      .from(fabrics)
      .orderBy(asc(fabrics.position), asc(fabrics.id)),
  ]);
  const simple = Object.fromEntries(
    product.attributes.filter((a) => a.options[0] !== undefined).map((a) => [a.name, a.options[0]!]),
  );
  const attributes = [...options.map((o) => o.attributes), simple].find((a) => imageKey(a) === key);
  if (!attributes) return null;
  // A product drawn without a fabric option is drawn in the range's first colour, as the build does.
  const fabric = attributes.Fabric === undefined ? range[0] : fabricByName(range, attributes.Fabric);
  if (!fabric) return null;
  const others = Object.values(attributes).filter((v) => v !== fabric.name);
  const title = [product.name, `in ${fabric.name}`, ...(others.length ? [`(${others.join(", ")})`] : [])].join(" ");
  return renderProductSvg(resolveDrawing(drawing.data, attributes), fabric, view, {
    title: `${title}, ${VIEW_LABEL[view]}`,
  });
}
