import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { createProduct, listAdminProducts } from "@/lib/admin/products";
import { auditAs, productListQuery } from "@/lib/admin/catalog-api";
import { newProductFields } from "@/lib/admin/product-form";

/** q (name, slug or SKU), category (slug), stock (low | out), page: products by name with their variations. */
export const GET = adminRoute(async (request, _context, { db }) => {
  return adminJson(await listAdminProducts(db, await parseParams(request, productListQuery)));
}, "products");

/**
 * { name, slug, shortDescription?, description?, category (slug), regularPrice (rands), stock,
 * width, depth, height (cm) }: a new simple product, hidden until it is published.
 */
export const POST = adminRoute(async (request, _context, ctx) => {
  const product = await createProduct(ctx.db, await parseParams(request, newProductFields), auditAs(ctx));
  return adminJson({ product, message: `${product.name} created. It is hidden until you publish it.` }, 201);
}, "products");
