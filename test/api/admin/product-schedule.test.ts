import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, SAME_ORIGIN } from "@/test/support/admin";
import { call } from "@/test/support/api-client";
import * as productOne from "@/app/api/admin/products/[id]/route";
import { adminAudit, products } from "@/lib/db/schema";
import { setPublished } from "@/lib/admin/products";
import { publishDueProducts } from "@/lib/admin/scheduled-publishing";
import { localMoment, scheduleFields } from "@/lib/admin/product-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { SHOP_AUTHOR } from "@/lib/admin/audit";
import { getProduct } from "@/lib/catalog/queries";

const getDb = setupTestDb();

type Answer = {
  message: string;
  code: string;
  data: { fields?: Record<string, string>; field?: string };
  product: { published: boolean; publishAt: string | null };
};

async function productBySlug(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  if (!p) throw new Error(`no product ${slug}`);
  return p;
}

/** A hidden Eden and a staff member's call on it. */
async function hiddenEden() {
  const { db } = getDb();
  const eden = await productBySlug("eden-2-seater");
  const staff = await makeStaff(db);
  await setPublished(db, eden.id, false, auditAs(adminContext(db, staff.staff)));
  const id = String(eden.id);
  const post = (json: Record<string, unknown>) =>
    call<Answer>(productOne.POST, `/api/admin/products/${id}`, {
      json,
      jar: staff.jar,
      headers: SAME_ORIGIN,
      params: { id },
    });
  return { eden, staff, post };
}

const HOUR = 3_600_000;

describe("the schedule's field", () => {
  test("a datetime-local value is read on the shop's clock (UTC+2); empty is no schedule; anything else is refused", () => {
    expect(scheduleFields.parse({ publishAt: "2027-01-05T08:30" }).publishAt?.toISOString()).toBe(
      "2027-01-05T06:30:00.000Z",
    );
    expect(scheduleFields.parse({ publishAt: "" }).publishAt).toBeNull();
    for (const bad of ["tomorrow", "2027-01-05", "2027-13-40T08:30", "2027-01-05T08:30:00Z", "<script>"])
      expect(scheduleFields.safeParse({ publishAt: bad }).success).toBe(false);
    expect(localMoment(new Date("2027-01-05T06:30:00.000Z"))).toBe("2027-01-05T08:30");
  });
});

describe("publishing a product on a date", () => {
  test("staff schedule a hidden product; it stays hidden until its moment, then the shop publishes it once, audited", async () => {
    const { db } = getDb();
    const { eden, staff, post } = await hiddenEden();
    const at = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);

    const saved = await post({ action: "schedule", publishAt: localMoment(at) });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatch(/^Eden 2 Seater will be published on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\.$/);
    expect(saved.body.product).toMatchObject({ published: false, publishAt: at.toISOString() });
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "product.schedule"), eq(adminAudit.entityId, String(eden.id))));
    expect(entry).toMatchObject({ staffId: staff.staff.id, after: { publishAt: at.toISOString() } });

    // A minute before its moment nothing changes; the shop's page still answers nothing.
    expect(await publishDueProducts(db, new Date(at.getTime() - 60_000))).toEqual([]);
    expect(await getProduct(db, "eden-2-seater")).toBeNull();

    // At its moment two processes look at once: it is published once.
    const [a, b] = await Promise.all([publishDueProducts(db, at), publishDueProducts(db, at)]);
    expect([...a, ...b]).toEqual(["eden-2-seater"]);
    const after = await productBySlug("eden-2-seater");
    expect([after.published, after.publishAt]).toEqual([true, null]);
    expect((await getProduct(db, "eden-2-seater"))?.name).toBe("Eden 2 Seater");
    const byShop = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "product.publish"), eq(adminAudit.entityId, String(eden.id))));
    expect(byShop).toHaveLength(1);
    expect(byShop[0]).toMatchObject({ staffId: null, staffEmail: SHOP_AUTHOR, after: { published: true } });
    expect(await publishDueProducts(db, new Date(at.getTime() + HOUR))).toEqual([]);
  });

  test("a moment past, too far ahead or unreadable is refused on its field; a product in the shop is not scheduled", async () => {
    const { eden, staff, post } = await hiddenEden();
    const cases: Array<[string, number, string]> = [
      [localMoment(new Date(Date.now() - HOUR)), 400, "Choose a moment still to come, or publish it now"],
      [localMoment(new Date(Date.now() + 400 * 24 * HOUR)), 400, "Choose a moment within 366 days"],
      ["next Friday", 400, "Choose a date and a time, such as 1 December at 08:00"],
    ];
    for (const [publishAt, status, message] of cases) {
      const res = await post({ action: "schedule", publishAt });
      // The message the form shows beside the field: a schema's per field, or the one the answer names.
      const beside = res.body.data.fields?.publishAt ?? (res.body.data.field === "publishAt" ? res.body.message : null);
      expect([res.status, beside]).toEqual([status, message]);
    }
    expect((await productBySlug("eden-2-seater")).publishAt).toBeNull();

    const { db } = getDb();
    await setPublished(db, eden.id, true, auditAs(adminContext(db, staff.staff)));
    const refused = await post({ action: "schedule", publishAt: localMoment(new Date(Date.now() + HOUR)) });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      "already_published",
      "Eden 2 Seater is already in the shop: hide it to schedule it",
    ]);
  });

  test("cancelling the date, or publishing or hiding by hand, leaves nothing for the shop to publish", async () => {
    const { db } = getDb();
    const { eden, staff, post } = await hiddenEden();
    const at = new Date(Date.now() + HOUR);
    await post({ action: "schedule", publishAt: localMoment(at) });
    const cancelled = await post({ action: "schedule", publishAt: "" });
    expect([cancelled.status, cancelled.body.message, cancelled.body.product.publishAt]).toEqual([
      200,
      "Eden 2 Seater is no longer scheduled.",
      null,
    ]);
    expect(await publishDueProducts(db, new Date(at.getTime() + HOUR))).toEqual([]);

    await post({ action: "schedule", publishAt: localMoment(at) });
    const audit = auditAs(adminContext(db, staff.staff));
    await setPublished(db, eden.id, true, audit);
    await setPublished(db, eden.id, false, audit);
    expect((await productBySlug("eden-2-seater")).publishAt).toBeNull();
    expect(await publishDueProducts(db, new Date(at.getTime() + HOUR))).toEqual([]);
    expect((await productBySlug("eden-2-seater")).published).toBe(false);
  });
});
