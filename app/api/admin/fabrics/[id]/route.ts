import { parseParams } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { deleteFabric, getAdminFabric, updateFabric } from "@/lib/admin/fabrics";
import { fabricFields } from "@/lib/admin/fabric-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { fabricsChanged } from "@/lib/admin/revalidate";

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  const fabric = await getAdminFabric(db, await idParam(context));
  if (!fabric) throw new ApiError(404, "fabric_not_found", "Fabric not found");
  return adminJson({ fabric });
}, "products");

/**
 * Saves the fabric (the whole form). Its name and slug stay while a product offers it (409
 * fabric_in_use); the rest can always change. POST as the back office's other saves; PATCH too.
 */
const save = adminRoute<Context>(async (request, context, ctx) => {
  const id = await idParam(context);
  const fabric = await updateFabric(ctx.db, id, await parseParams(request, fabricFields), auditAs(ctx));
  fabricsChanged();
  return adminJson({ fabric, message: `${fabric.name} saved.` });
}, "products");

export const POST = save;
export const PATCH = save;

/** Deletes a fabric no product offers (409 fabric_in_use otherwise). */
export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const deleted = await deleteFabric(ctx.db, await idParam(context), auditAs(ctx));
  fabricsChanged();
  return adminJson({ message: `${deleted.name} deleted.` });
}, "products");
