import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { checkoutDetails, fillGuestCart, type CheckoutAnswer } from "@/test/support/orders";
import { makeOrder } from "@/test/support/auth";
import * as checkout from "@/app/api/checkout/route";
import { mailOutbox, orders, rateLimits } from "@/lib/db/schema";
import { afterResponseSettled } from "@/lib/api/after-response";
import { onOrderStatusChanged } from "@/lib/orders/events";
import { SHOP_NEW_ORDER_KIND } from "@/lib/orders/mails";
import { SITE } from "@/lib/config/site";

/** The shop hears of each new order: paid, or placed to be paid by transfer; not of staff's own moves. */
const getDb = setupTestDb();

beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

const shopNews = async (number: string) =>
  (
    await getDb()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, SHOP_NEW_ORDER_KIND), eq(mailOutbox.to, SITE.email)))
  ).filter((m) => m.subject.includes(number));

test("a bank-transfer order placed: the shop is told to watch for the transfer, with the order's lines and total", async () => {
  const { db } = getDb();
  const cart = await fillGuestCart(db);
  const placed = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
    json: checkoutDetails({ cartKey: cart.cart_key }),
  });
  expect(placed.status).toBe(201);
  await afterResponseSettled();
  const [mail, ...more] = await shopNews(placed.body.order.number);
  expect(more).toEqual([]);
  expect(mail!.subject).toMatch(
    new RegExp(`^New order ${placed.body.order.number}: R [\\d ]+,\\d\\d \\(awaiting transfer\\)$`),
  );
  expect(mail!.text).toContain("Thandi Mokoena ordered for");
  expect(mail!.text).toContain("with Direct bank transfer: the transfer is not in yet");
  expect(mail!.text).toContain("Pebble Ottoman");
  expect(mail!.text).toContain(`/admin/orders/${placed.body.order.id}`);

  // Staff confirm the transfer: news to nobody.
  const [order] = await db
    .update(orders)
    .set({ status: "processing" })
    .where(eq(orders.id, placed.body.order.id))
    .returning();
  await onOrderStatusChanged(db, order!, "on-hold");
  expect(await shopNews(placed.body.order.number)).toHaveLength(1);
});

test("an order paid at the gateway: the shop is told it is paid; a cancelled one is not news", async () => {
  const { db } = getDb();
  const paid = await makeOrder(db, null, { status: "processing" });
  await onOrderStatusChanged(db, paid, "pending");
  const [mail] = await shopNews(paid.number);
  expect(mail!.subject).toBe(`New order ${paid.number}: R 9 999,00`);
  expect(mail!.text).toContain("with PayFast (card or EFT): paid.");

  const cancelled = await makeOrder(db, null, { status: "cancelled" });
  await onOrderStatusChanged(db, cancelled, "pending");
  expect(await shopNews(cancelled.number)).toEqual([]);
});
