import { desc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, refusal, SAME_ORIGIN } from "@/test/support/admin";
import { auditAs } from "@/lib/admin/catalog-api";
import { saveBankAccount, savePaymentMethods } from "@/lib/admin/settings";
import { bankAccountFields } from "@/lib/settings/schema";
import { call } from "@/test/support/api-client";
import { checkoutDetails, fillGuestCart, type CheckoutAnswer } from "@/test/support/orders";
import * as bankRoute from "@/app/api/admin/settings/bank-account/route";
import * as methodsRoute from "@/app/api/admin/settings/payment-methods/route";
import * as checkout from "@/app/api/checkout/route";
import * as retry from "@/app/api/checkout/retry/route";
import { adminAudit, mailOutbox, rateLimits, shopSettings } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";
import { bankTransferDetails } from "@/lib/payments/bank-transfer";
import { offeredPaymentMethods } from "@/lib/payments/availability";
import { afterResponseSettled } from "@/lib/api/after-response";

/**
 * The shop's settings in the back office: the bank account for transfers and the payment methods
 * offered, saved by an admin only, validated, audited, and used by the next order at once.
 */
const getDb = setupTestDb();

const ACCOUNT = {
  accountName: "Kaya Living (Pty) Ltd",
  bankName: "FNB",
  accountNumber: "6200 0000 001",
  branchCode: "250-655",
  accountType: "Business current",
};

beforeEach(async () => {
  const { db } = getDb();
  await db.delete(shopSettings);
  await db.delete(rateLimits);
});

const put = (
  handler: typeof bankRoute.PUT,
  url: string,
  json: unknown,
  jar?: NonNullable<Parameters<typeof call>[2]>["jar"],
) =>
  call<{ message?: string; code?: string; data?: { fields?: Record<string, string>; field?: string } }>(handler, url, {
    method: "PUT",
    json,
    jar,
    headers: SAME_ORIGIN,
  });

describe("the bank account for transfers", () => {
  test("only an admin saves it; staff and strangers are shown nothing", async () => {
    const { db } = getDb();
    const staff = await makeStaff(db, "staff");
    for (const jar of [undefined, staff.jar]) {
      expect((await put(bankRoute.PUT, "/api/admin/settings/bank-account", ACCOUNT, jar)).status).toBe(404);
      expect((await call(bankRoute.GET, "/api/admin/settings/bank-account", { jar })).status).toBe(404);
    }
    expect(await db.select().from(shopSettings)).toEqual([]);
  });

  test("bad details are refused field by field, and nothing is saved", async () => {
    const { db } = getDb();
    const admin = await makeStaff(db, "admin");
    const res = await put(
      bankRoute.PUT,
      "/api/admin/settings/bank-account",
      { ...ACCOUNT, accountNumber: "62-abc", branchCode: "25065", bankName: " " },
      admin.jar,
    );
    expect(res.status).toBe(400);
    expect(res.body.data?.fields).toEqual({
      bankName: "Give the bank's name",
      accountNumber: "The account number is 6 to 16 digits",
      branchCode: "The branch code is 6 digits (the universal branch code, e.g. 250655)",
    });
    expect(await db.select().from(shopSettings)).toEqual([]);
  });

  test("saved, it is audited and the next bank-transfer order's page details and e-mail name it", async () => {
    const { db } = getDb();
    const admin = await makeStaff(db, "admin");
    const saved = await put(bankRoute.PUT, "/api/admin/settings/bank-account", ACCOUNT, admin.jar);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Bank account saved.");
    const [entry] = await db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
    expect(entry).toMatchObject({
      action: "settings.update",
      entity: "settings",
      entityId: "bank-account",
      before: null,
      after: { ...ACCOUNT, accountNumber: "62000000001", branchCode: "250655" },
    });

    const cart = await fillGuestCart(db);
    const placed = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key }),
    });
    expect(placed.status).toBe(201);
    expect(await bankTransferDetails(db, { number: placed.body.order.number })).toMatchObject({
      bankName: "FNB",
      accountNumber: "62000000001",
      branchCode: "250655",
      accountType: "Business current",
      reference: placed.body.order.number,
      demo: false,
    });
    await afterResponseSettled();
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order-on-hold"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail!.subject).toContain(placed.body.order.number);
    expect(mail!.text).toContain("62000000001");
    expect(mail!.text).toContain("250655");
    expect(mail!.text).not.toContain("Demo Bank");
  });
});

describe("the payment methods offered", () => {
  test("a method that cannot take money here cannot be switched on; at least one must be", async () => {
    const { db } = getDb();
    const admin = await makeStaff(db, "admin");
    const audit = auditAs(adminContext(db, admin.staff));
    // A production server without stand-ins: no gateway has credentials, no account is saved.
    const restore = setEnv({
      NODE_ENV: "production",
      PAYMENTS_ALLOW_STANDINS: undefined,
      SESSION_SECRET: "a-production-secret-of-32-characters",
      MAIL_KEEP_IN_OUTBOX: "1",
    });
    try {
      const refused = await refusal(savePaymentMethods(db, { offered: ["payfast", "bank-transfer"] }, audit));
      expect([refused.status, refused.message]).toEqual([
        422,
        "PayFast (card or EFT) cannot be switched on: it needs PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY in the environment. " +
          "Direct bank transfer cannot be switched on: it needs a bank account, saved in the back office under Settings.",
      ]);
      await saveBankAccount(db, bankAccountFields.parse(ACCOUNT), audit);
      await savePaymentMethods(db, { offered: ["bank-transfer"] }, audit);
      expect(await offeredPaymentMethods(db)).toEqual(["bank-transfer"]);
    } finally {
      restore();
    }
    const none = await put(methodsRoute.PUT, "/api/admin/settings/payment-methods", { offered: [] }, admin.jar);
    expect(none.status).toBe(400);
    expect(none.body.data?.fields).toEqual({ offered: "Offer at least one way to pay" });
  });

  test("the checkout and a payment's retry refuse a method switched off, naming the field", async () => {
    const { db } = getDb();
    const admin = await makeStaff(db, "admin");
    const saved = await put(
      methodsRoute.PUT,
      "/api/admin/settings/payment-methods",
      { offered: ["payfast", "bank-transfer"] },
      admin.jar,
    );
    expect(saved.status).toBe(200);
    const listed = await call<{ methods: { method: string; offered: boolean }[] }>(
      methodsRoute.GET,
      "/api/admin/settings/payment-methods",
      { jar: admin.jar },
    );
    expect(listed.body.methods.filter((m) => m.offered).map((m) => m.method)).toEqual(["payfast", "bank-transfer"]);

    const cart = await fillGuestCart(db);
    const refused = await call<{ code: string; message: string; data: { field: string } }>(
      checkout.POST,
      "/api/checkout",
      { json: checkoutDetails({ cartKey: cart.cart_key, paymentMethod: "ozow" }) },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "payment_method_not_offered",
      message: "Ozow instant EFT is not available at the moment: please choose another way to pay",
      data: { field: "paymentMethod" },
    });

    const placed = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ cartKey: cart.cart_key, paymentMethod: "payfast" }),
    });
    expect(placed.status).toBe(201);
    const again = await call<{ code: string }>(retry.POST, "/api/checkout/retry", {
      json: {
        order: placed.body.order.id,
        key: placed.body.order.key,
        paymentMethod: "finchoice",
        idempotencyKey: "retry-with-finchoice-abcdefgh",
      },
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("payment_method_not_offered");
  });
});
