import { setupTestDb } from "@/lib/db/test-support";
import { awaitBankTransfer, bankTransferDetails } from "@/lib/payments/bank-transfer";
import { paymentOrderFor, returnUrlsFor } from "@/lib/payments/orders";
import { providerFor } from "@/lib/payments/registry";
import { eventsFor, insertOrder, pebbleStock, reload } from "@/lib/payments/test-support";
import { setEnv } from "@/lib/config/set-env";

const getDb = setupTestDb();

describe("direct bank transfer", () => {
  test("nothing to pay online: the shopper goes to the order page", async () => {
    const db = getDb().db;
    const order = await insertOrder(db, "bank-transfer");
    expect(await providerFor("bank-transfer").start((await paymentOrderFor(db, order.id))!, returnUrlsFor(order))).toEqual({ kind: "order-page" });
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

  test("the details name the configured account and the order number as reference", () => {
    expect(bankTransferDetails({ number: "KL-100042" })).toMatchObject({ reference: "KL-100042", demo: true, branchCode: "000000" });
    const restore = setEnv({ BANK_ACCOUNT_NAME: "Kaya Living (Pty) Ltd", BANK_NAME: "FNB", BANK_ACCOUNT_NUMBER: "62000000001", BANK_BRANCH_CODE: "250655" });
    try {
      expect(bankTransferDetails({ number: "KL-100042" })).toEqual({
        accountName: "Kaya Living (Pty) Ltd",
        bankName: "FNB",
        accountNumber: "62000000001",
        branchCode: "250655",
        accountType: undefined,
        reference: "KL-100042",
        demo: false,
      });
    } finally {
      restore();
    }
  });
});
