import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { createCategory, listCategories } from "@/lib/admin/categories";
import { categoryFields } from "@/lib/admin/category-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { categoriesChanged } from "@/lib/admin/revalidate";

/** Every category in the shop's order, with its product count. */
export const GET = adminRoute(async (_request, _context, { db }) => {
  return adminJson({ categories: await listCategories(db) });
}, "products");

/** A new category: name, slug, description, sort order (lib/admin/category-form.ts). */
export const POST = adminRoute(async (request, _context, ctx) => {
  const category = await createCategory(ctx.db, await parseParams(request, categoryFields), auditAs(ctx));
  categoriesChanged();
  return adminJson({ category, message: `${category.name} created.` }, 201);
}, "products");
