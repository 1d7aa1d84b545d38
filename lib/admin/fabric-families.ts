import "server-only";
import { asc, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { fabricFamilies, fabrics } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import type { Audit } from "@/lib/admin/change";
import type { FamilyAboutFields } from "@/lib/admin/fabric-form";

/** A family of the range, with what the fabrics page says of it ("" when nothing). */
export type AdminFabricFamily = { name: string; about: string; fabrics: number };

/** The families the range has, in its order of names, each with its words and how many fabrics it holds. */
export async function listFabricFamilies(db: Db): Promise<AdminFabricFamily[]> {
  const [inRange, written] = await Promise.all([
    db
      .select({ name: fabrics.family, fabrics: sql<number | string>`count(*)` })
      .from(fabrics)
      .groupBy(fabrics.family)
      .orderBy(asc(fabrics.family)),
    db.select({ name: fabricFamilies.name, about: fabricFamilies.about }).from(fabricFamilies),
  ]);
  const about = new Map(written.map((f) => [f.name.toLowerCase(), f.about]));
  return inRange.map((f) => ({
    name: f.name,
    about: about.get(f.name.toLowerCase()) ?? "",
    fabrics: Number(f.fabrics),
  }));
}

/**
 * Writes what the fabrics page says of a family the range has (whatever its case); an empty text
 * leaves the family's fabrics alone on the page. Audited with the text before and after.
 */
export async function saveFamilyAbout(db: Db, input: FamilyAboutFields, audit: Audit): Promise<AdminFabricFamily> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ name: fabrics.family, fabrics: sql<number | string>`count(*)` })
      .from(fabrics)
      .where(sql`lower(${fabrics.family}) = lower(${input.family})`)
      .groupBy(fabrics.family);
    if (!member)
      throw new ApiError(404, "fabric_family_not_found", `No fabric is in the family ${input.family}`, {
        field: "family",
      });
    const [before] = await tx
      .select()
      .from(fabricFamilies)
      .where(sql`lower(${fabricFamilies.name}) = lower(${member.name})`)
      .for("update");
    const now = new Date();
    if (before)
      await tx
        .update(fabricFamilies)
        .set({ name: member.name, about: input.about, updatedAt: now })
        .where(sql`${fabricFamilies.id} = ${before.id}`);
    else await tx.insert(fabricFamilies).values({ name: member.name, about: input.about, updatedAt: now });
    await audit(tx, {
      action: "fabric_family.update",
      entity: "fabric_family",
      entityId: member.name,
      before: before ? { about: before.about } : null,
      after: { about: input.about },
    });
    return { name: member.name, about: input.about, fabrics: Number(member.fabrics) };
  });
}
