import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, coupons, fabrics, orders, products } from "@/lib/db/schema";

/**
 * Whether a back-office record's page names a record that does not exist. Those pages stream, so
 * by the time a page could call notFound() its 200 status is already sent: the proxy asks here
 * first and answers 404 (a bookmark to a deleted coupon, a mistyped order number).
 */
const RECORD_PAGE = /^\/admin\/(orders|products|categories|fabrics|coupons)\/([^/]+)\/?$/;

/** Each section's own pages beside its records' (app/admin/<section>/<page>). */
const SECTION_PAGES: Record<string, ReadonlySet<string>> = {
  orders: new Set(),
  products: new Set(["new", "import"]),
  categories: new Set(["new"]),
  fabrics: new Set(["new"]),
  coupons: new Set(["new"]),
};

const FIND: Record<string, (db: Db, id: number) => Promise<unknown[]>> = {
  orders: (db, id) => db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1),
  products: (db, id) => db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1),
  categories: (db, id) => db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1),
  fabrics: (db, id) => db.select({ id: fabrics.id }).from(fabrics).where(eq(fabrics.id, id)).limit(1),
  coupons: (db, id) => db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).limit(1),
};

export async function adminRecordMissing(db: Db, pathname: string): Promise<boolean> {
  const match = RECORD_PAGE.exec(pathname);
  if (!match) return false;
  const [, section, segment] = match as unknown as [string, string, string];
  if (SECTION_PAGES[section]!.has(segment)) return false;
  if (!/^[1-9]\d{0,8}$/.test(segment)) return true;
  return (await FIND[section]!(db, Number(segment))).length === 0;
}
