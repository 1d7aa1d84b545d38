import "server-only";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { fabrics } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import type { Audit } from "@/lib/admin/change";
import type { FabricFields } from "@/lib/admin/fabric-form";
import { FABRIC_ATTRIBUTE } from "@/lib/admin/options-form";
import { isUniqueViolation } from "@/lib/db/unique-violation";

export type AdminFabric = {
  id: number;
  name: string;
  slug: string;
  hex: string;
  shade: string;
  family: string;
  note: string;
  colourWords: string;
  restockWeeks: number;
  position: number;
  /** Every product that offers it (published or not), as an option or a variation. */
  productCount: number;
};

/**
 * How many products name the fabric: among a product's Fabric values, or in one of its
 * variations. Products keep the fabric by its name, whatever its case, so this is what a new
 * name would leave without a colour, a swatch and a filter.
 */
const productsNaming = (name: SQL) => sql<number | string>`(
  select count(*) from "products" as p where exists (
    select 1 from jsonb_array_elements(p."attributes") as a, jsonb_array_elements_text(a->'options') as o
    where a->>'name' = ${FABRIC_ATTRIBUTE} and lower(o) = lower(${name})
  ) or exists (
    select 1 from "variations" as v where v."product_id" = p."id" and lower(v."attributes"->>${FABRIC_ATTRIBUTE}) = lower(${name})
  ))`;

const columns = {
  id: fabrics.id,
  name: fabrics.name,
  slug: fabrics.slug,
  hex: fabrics.hex,
  shade: fabrics.shade,
  family: fabrics.family,
  note: fabrics.note,
  colourWords: fabrics.colourWords,
  restockWeeks: fabrics.restockWeeks,
  position: fabrics.position,
  // Spelt out: inside a select drizzle writes a column without its table.
  productCount: productsNaming(sql`"fabrics"."name"`),
};

const asFabric = (row: Omit<AdminFabric, "productCount"> & { productCount: number | string }): AdminFabric => ({
  ...row,
  productCount: Number(row.productCount),
});

/** The range in the shop's order, with how many products offer each fabric. */
export async function listAdminFabrics(db: Db): Promise<AdminFabric[]> {
  const rows = await db.select(columns).from(fabrics).orderBy(asc(fabrics.position), asc(fabrics.name));
  return rows.map(asFabric);
}

export async function getAdminFabric(db: Db, id: number): Promise<AdminFabric | null> {
  const [row] = await db.select(columns).from(fabrics).where(eq(fabrics.id, id));
  return row ? asFabric(row) : null;
}

const snapshot = (
  f: Omit<FabricFields, "note" | "position" | "colourWords"> & { note: string; position: number; colourWords: string },
) => ({
  name: f.name,
  slug: f.slug,
  hex: f.hex,
  shade: f.shade,
  family: f.family,
  note: f.note,
  colourWords: f.colourWords,
  restockWeeks: f.restockWeeks,
  position: f.position,
});

/** A name or slug another fabric has, refused on its field. */
function taken(err: unknown, input: FabricFields): ApiError | null {
  if (isUniqueViolation(err, "fabrics_slug_unique"))
    return new ApiError(409, "fabric_slug_taken", `Another fabric already has the address ${input.slug}`, {
      field: "slug",
    });
  if (isUniqueViolation(err, "fabrics_name_lower_uq"))
    return new ApiError(409, "fabric_name_taken", `Another fabric is already called ${input.name}`, { field: "name" });
  return null;
}

const products = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;
const offer = (n: number) => (n === 1 ? "offers" : "offer");

/** A new fabric: its name (whatever its case) and its slug must be free. */
export async function createFabric(db: Db, input: FabricFields, audit: Audit): Promise<AdminFabric> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(fabrics).values(snapshot(input)).returning();
      await audit(tx, {
        action: "fabric.create",
        entity: "fabric",
        entityId: String(row!.id),
        before: null,
        after: snapshot(row!),
      });
      return row!.id;
    });
    return (await getAdminFabric(db, id))!;
  } catch (err) {
    throw taken(err, input) ?? err;
  }
}

/**
 * Saves a fabric. Its colours, family, note, lead time and place can always change; its name and
 * slug only while no product offers it, since products and the addresses of their filters name it.
 */
export async function updateFabric(db: Db, id: number, input: FabricFields, audit: Audit): Promise<AdminFabric> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(fabrics).where(eq(fabrics.id, id)).for("update");
      if (!before) throw new ApiError(404, "fabric_not_found", "Fabric not found");
      const renamed = before.name !== input.name;
      if (renamed || before.slug !== input.slug) {
        const [used] = await tx.select({ n: productsNaming(sql`${before.name}`) }).from(sql`(select 1) as one`);
        const n = Number(used?.n ?? 0);
        if (n > 0) {
          const what = renamed ? "name" : "address";
          throw new ApiError(
            409,
            "fabric_in_use",
            `${products(n)} ${offer(n)} ${before.name}: its ${what} stays while ${n === 1 ? "it does" : "they do"} (its colours, family, note and weeks can change)`,
            { field: renamed ? "name" : "slug", products: n },
          );
        }
      }
      const [after] = await tx
        .update(fabrics)
        .set({ ...snapshot(input), updatedAt: new Date() })
        .where(eq(fabrics.id, id))
        .returning();
      await audit(tx, {
        action: "fabric.update",
        entity: "fabric",
        entityId: String(id),
        before: snapshot(before),
        after: snapshot(after!),
      });
    });
    return (await getAdminFabric(db, id))!;
  } catch (err) {
    throw taken(err, input) ?? err;
  }
}

/** Deletes a fabric no product offers; one that a product still offers stays. */
export async function deleteFabric(db: Db, id: number, audit: Audit): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(fabrics).where(eq(fabrics.id, id)).for("update");
    if (!before) throw new ApiError(404, "fabric_not_found", "Fabric not found");
    const [used] = await tx.select({ n: productsNaming(sql`${before.name}`) }).from(sql`(select 1) as one`);
    const n = Number(used?.n ?? 0);
    if (n > 0) {
      throw new ApiError(
        409,
        "fabric_in_use",
        `${products(n)} still ${offer(n)} ${before.name}: take it off ${n === 1 ? "that product" : "them"} first`,
        { products: n },
      );
    }
    await tx.delete(fabrics).where(eq(fabrics.id, id));
    await audit(tx, {
      action: "fabric.delete",
      entity: "fabric",
      entityId: String(id),
      before: snapshot(before),
      after: null,
    });
    return { name: before.name };
  });
}

/** The families the range has, for the form to suggest. */
export async function fabricFamilies(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ family: fabrics.family }).from(fabrics).orderBy(asc(fabrics.family));
  return rows.map((r) => r.family);
}
