import { parseParams } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { deleteCategory, getCategory, updateCategory } from "@/lib/admin/categories";
import { categoryFields } from "@/lib/admin/category-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { categoriesChanged } from "@/lib/admin/revalidate";

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  const category = await getCategory(db, await idParam(context));
  if (!category) throw new ApiError(404, "category_not_found", "Category not found");
  return adminJson({ category });
}, "products");

/** Saves the category; a changed slug leaves its old address redirecting to the new one. */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const id = await idParam(context);
  const input = await parseParams(request, categoryFields);
  const { category, formerSlug } = await updateCategory(ctx.db, id, input, auditAs(ctx));
  categoriesChanged();
  const moved = formerSlug ? ` /product-category/${formerSlug} now leads to /product-category/${category.slug}.` : "";
  return adminJson({ category, message: `${category.name} saved.${moved}` });
}, "products");

/** Deletes a category that holds no products (and that no coupon names). */
export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const deleted = await deleteCategory(ctx.db, await idParam(context), auditAs(ctx));
  categoriesChanged();
  return adminJson({ message: `${deleted.name} deleted.` });
}, "products");
