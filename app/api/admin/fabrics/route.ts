import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { createFabric, listAdminFabrics } from "@/lib/admin/fabrics";
import { fabricFields } from "@/lib/admin/fabric-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { fabricsChanged } from "@/lib/admin/revalidate";

/** The fabric range in the shop's order, with how many products offer each fabric. */
export const GET = adminRoute(async (_request, _context, { db }) => {
  return adminJson({ fabrics: await listAdminFabrics(db) });
}, "products");

/** A new fabric: name, slug, colours, family, note, restock weeks, order (lib/admin/fabric-form.ts). */
export const POST = adminRoute(async (request, _context, ctx) => {
  const fabric = await createFabric(ctx.db, await parseParams(request, fabricFields), auditAs(ctx));
  fabricsChanged();
  return adminJson({ fabric, message: `${fabric.name} created.` }, 201);
}, "products");
