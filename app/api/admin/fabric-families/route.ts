import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { listFabricFamilies, saveFamilyAbout } from "@/lib/admin/fabric-families";
import { familyAboutFields } from "@/lib/admin/fabric-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { fabricsChanged } from "@/lib/admin/revalidate";

/** The range's families, with what the fabrics page says of each. */
export const GET = adminRoute(async (_request, _context, { db }) => {
  return adminJson({ families: await listFabricFamilies(db) });
}, "products");

/** What the fabrics page says of one family: { family, about } (lib/admin/fabric-form.ts). */
const save = adminRoute(async (request, _context, ctx) => {
  const family = await saveFamilyAbout(ctx.db, await parseParams(request, familyAboutFields), auditAs(ctx));
  fabricsChanged();
  return adminJson({ family, message: `${family.name} saved.` });
}, "products");

export const POST = save;
export const PUT = save;
