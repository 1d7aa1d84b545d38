import { adminRoute } from "@/lib/admin/guard";
import { csvResponse } from "@/lib/admin/exports";
import { catalogueCsv } from "@/lib/admin/catalog-csv";

/**
 * GET: the whole catalogue as a WooCommerce product CSV. It holds no one's personal data and
 * changes nothing, so unlike the lists of people it is an ordinary link.
 */
export const GET = adminRoute(async (_request, _context, { db }) => {
  const file = await catalogueCsv(db);
  return csvResponse("products", file.csv);
}, "products");
