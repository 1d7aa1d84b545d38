import { eq, sql } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { mailOutbox, orders, shopSettings } from "@/lib/db/schema";
import { saveSetting } from "@/lib/settings/store";
import { startPayment } from "@/lib/orders/place";
import { awaitBankTransfer, bankTransferDetails } from "@/lib/payments/bank-transfer";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { providerFor } from "@/lib/payments/registry";
import { eventsFor, insertOrder, pebbleStock, reload } from "@/test/support/payments";

const getDb = setupTestDb();

describe("direct bank transfer", () => {
  test("nothing to pay online: the shopper goes to the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "bank-transfer");
    expect(
      await providerFor("bank-transfer").start((await paymentOrderFor(db, order.id))!, returnUrlsFor(order)),
    ).toEqual({ kind: "order-page" });
  });

  test("the order goes on hold with its stock kept, records no payment, and a second call changes nothing", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "bank-transfer");
    const stock = await pebbleStock(db);
    const held = await awaitBankTransfer(db, order.id);
    expect(held).toMatchObject({ id: order.id, status: "on-hold", paidAt: null });
    expect(await pebbleStock(db)).toBe(stock);
    expect(await eventsFor(db, order.id)).toHaveLength(0);
    const again = await awaitBankTransfer(db, order.id);
    expect(again!.updatedAt).toEqual(held!.updatedAt);
  });

  test("only a pending bank-transfer order is held", async () => {
    const db = getDb().db;
    const card = await insertOrder(db, "payfast");
    expect((await awaitBankTransfer(db, card.id))!.status).toBe("pending");
    const paid = await insertOrder(db, "bank-transfer", { status: "processing" });
    expect((await awaitBankTransfer(db, paid.id))!.status).toBe("processing");
    expect(await awaitBankTransfer(db, 987_654)).toBeNull();
    expect((await reload(db, card.id)).status).toBe("pending");
  });

  test("placing an order by transfer e-mails the bank details; with nothing to pay it is paid at once and says so", async () => {
    const db = getDb().db;
    const owed = await insertOrder(db, "bank-transfer");
    expect((await startPayment(db, owed, false)).order.status).toBe("on-hold");
    const [[onHold], paidMails] = await Promise.all([
      db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Order ${owed.number}: our bank details`)),
      db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Payment received for order ${owed.number}`)),
    ]);
    expect(onHold!.text).toContain(`reference`);
    expect(onHold!.text).toContain(owed.number);
    expect(paidMails).toEqual([]);

    const [free] = await db
      .update(orders)
      .set({ discountCents: sql`${orders.subtotalCents}`, totalCents: 0, vatCents: 0 })
      .where(eq(orders.id, (await insertOrder(db, "bank-transfer")).id))
      .returning();
    expect((await startPayment(db, free!, false)).order.status).toBe("processing");
    const kinds = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, free!.email)))
      .filter((m) => m.subject.includes(free!.number))
      .map((m) => m.kind);
    expect(kinds.sort()).toEqual(["order-paid", "order-received"]);
  });

  test("the details name the account saved under Settings, and the order number as reference", async () => {
    const db = getDb().db;
    expect(await bankTransferDetails(db, { number: "KL-100042" })).toMatchObject({
      reference: "KL-100042",
      demo: true,
      branchCode: "000000",
    });
    await saveSetting(
      db,
      "bankAccount",
      {
        accountName: "Kaya Living (Pty) Ltd",
        bankName: "FNB",
        accountNumber: "62000000001",
        branchCode: "250655",
        accountType: "",
      },
      async () => {},
    );
    try {
      expect(await bankTransferDetails(db, { number: "KL-100042" })).toEqual({
        accountName: "Kaya Living (Pty) Ltd",
        bankName: "FNB",
        accountNumber: "62000000001",
        branchCode: "250655",
        accountType: undefined,
        reference: "KL-100042",
        demo: false,
      });
    } finally {
      await db.delete(shopSettings);
    }
  });
});
