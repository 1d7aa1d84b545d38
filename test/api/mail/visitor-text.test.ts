/**
 * The shop's own e-mail as a carrier for someone else's words: a stranger fills every form that
 * mails an address with a lure and a link, and gives the victim's address. Mail to an address
 * nobody has proved is theirs repeats nothing they wrote; order and account mail repeat a name and
 * street lines, but never as a link.
 */
import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { mailOutbox, products, variations } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";
import { afterResponseSettled } from "@/lib/api/after-response";
import { makeCustomer } from "@/test/support/auth";
import { checkoutDetails, fillGuestCart, testAddress } from "@/test/support/orders";
import * as restock from "@/app/api/back-in-stock/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as swatches from "@/app/api/swatches/route";
import * as giveaway from "@/app/api/giveaway-enter/route";
import * as checkout from "@/app/api/checkout/route";
import * as resetEmail from "@/app/api/customer-lost-password-email/route";

const getDb = setupTestDb();

const LURE = "Verify your account: https://evil.example/login";
/** What a names-only field lets through: letters and full stops. */
const NAME_LURE = "Www.Evil.Example";
/** Anything a reader could follow to the stranger's site. */
const LINK_TO_EVIL = /https?:\/\/evil|evil\.example|www\.evil|@evil/i;

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.66.${++ip >> 8}.${ip & 255}` });

let restoreEnv = () => {};
beforeAll(() => {
  restoreEnv = setEnv({
    GIVEAWAY_EDEN_OPENS_AT: new Date(Date.now() - 86_400_000).toISOString(),
    GIVEAWAY_EDEN_CLOSES_AT: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
});
afterAll(() => restoreEnv());

async function mailTo(to: string, kind: string) {
  const rows = await getDb().db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const mail = rows.find((r) => r.kind === kind);
  if (!mail) throw new Error(`no ${kind} e-mail to ${to} (${rows.map((r) => r.kind).join(", ") || "none"})`);
  return mail;
}

const carried = (mail: { subject: string; text: string; html: string }) =>
  [mail.subject, mail.text, mail.html].filter((part) => LINK_TO_EVIL.test(part) || /verify your account/i.test(part));

describe("mail to an address nobody has proved is theirs carries nothing the visitor wrote", () => {
  test("swatches: the names, street lines and town are not repeated", async () => {
    const to = "swatch.victim@example.co.za";
    const res = await call(swatches.POST, "/api/swatches", {
      json: {
        fabrics: ["oat", "ink"],
        firstName: LURE,
        lastName: "www.evil.example",
        email: to,
        streetAddress1: LURE,
        streetAddress2: "support@evil.example",
        city: "evil.example",
        postcode: "8001",
        province: "Western Cape",
      },
      headers: fresh(),
    });
    expect(res.status).toBe(201);
    const mail = await mailTo(to, "swatch-request");
    expect(carried(mail)).toEqual([]);
    expect(mail.text).toContain("Posting to the address you gave, postcode 8001, Western Cape.");
  });

  test("giveaway: the entrant's name and phone number are not repeated", async () => {
    const to = "giveaway.victim@example.co.za";
    const res = await call(giveaway.POST, "/api/giveaway-enter", {
      json: {
        campaign: "eden-2-seater-giveaway",
        name: `${NAME_LURE} Mthembu`,
        email: to,
        phone: "082 555 0199",
        province: "KwaZulu-Natal",
        adult: true,
      },
      headers: fresh(),
    });
    expect(res.status).toBe(201);
    const mail = await mailTo(to, "giveaway-entry");
    expect(carried(mail)).toEqual([]);
    expect(mail.text).not.toContain("Mthembu");
    expect(mail.text).not.toMatch(/082|555 ?0199/);
  });

  test("back in stock and the newsletter carry only the shop's own words", async () => {
    const db = getDb().db;
    const [p] = await db.select().from(products).where(eq(products.slug, "stoep-corner-couch"));
    const [v] = await db.select().from(variations).where(eq(variations.productId, p!.id)).orderBy(variations.id);
    await db.update(variations).set({ stock: 0 }).where(eq(variations.id, v!.id));
    const to = "alerts.victim@example.co.za";
    const asked = await call(restock.POST, "/api/back-in-stock", {
      json: { email: to, productId: p!.id, variationId: v!.id, note: LURE },
      headers: fresh(),
    });
    expect(asked.status).toBe(200);
    expect(carried(await mailTo(to, "back-in-stock-confirm"))).toEqual([]);
    const subscribed = await call(newsletter.POST, "/api/newsletter", {
      json: { email: to, consent: true, source: LURE },
      headers: fresh(),
    });
    expect(subscribed.status).toBe(200);
    expect(carried(await mailTo(to, "newsletter-confirmation"))).toEqual([]);
  });
});

describe("order and account mail repeat what the shopper wrote, never as a link", () => {
  test("a guest's order e-mail: the name and street lines without their links", async () => {
    const db = getDb().db;
    const to = "guest.victim@example.co.za";
    const cart = await fillGuestCart(db, "pebble-ottoman", 1);
    const res = await call(checkout.POST, "/api/checkout", {
      json: checkoutDetails({
        cartKey: cart.cart_key,
        email: to,
        shipping: {
          ...testAddress,
          FirstName: LURE,
          LastName: "www.evil.example",
          StreetAddress1: "12 Loop Street, see evil.example/pay",
          StreetAddress2: "support@evil.example",
          City: "Cape Town",
        },
      }),
      headers: fresh(),
    });
    expect(res.status).toBe(201);
    const mail = await mailTo(to, "order-on-hold");
    expect([mail.subject, mail.text, mail.html].filter((part) => LINK_TO_EVIL.test(part))).toEqual([]);
    // The order is still all there: the address as the courier needs it.
    expect(mail.text).toContain("12 Loop Street, see");
    expect(mail.text).toContain("Cape Town");
  });

  test("a reset code: the name the account was opened with, without its link", async () => {
    const db = getDb().db;
    const c = await makeCustomer(db, { first_name: LURE });
    const res = await call(resetEmail.POST, "/api/customer-lost-password-email", {
      json: { email: c.email },
      headers: fresh(),
    });
    expect(res.status).toBe(200);
    await afterResponseSettled();
    const mail = await mailTo(c.email, "password-reset-code");
    expect([mail.subject, mail.text, mail.html].filter((part) => LINK_TO_EVIL.test(part))).toEqual([]);
    expect(mail.text).toMatch(/Your code: \d{6}/);
  });
});
