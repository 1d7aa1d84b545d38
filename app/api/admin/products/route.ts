import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { listAdminProducts } from "@/lib/admin/products";
import { productListQuery } from "@/lib/admin/catalog-api";

/** q (name, slug or SKU), category (slug), stock (low | out), page: products by name with their variations. */
export const GET = adminRoute(async (request, _context, { db }) => {
  return adminJson(await listAdminProducts(db, await parseParams(request, productListQuery)));
}, "products");
