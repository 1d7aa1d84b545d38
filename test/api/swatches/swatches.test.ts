import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { fabrics, swatchRequests } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { requestSwatches } from "@/lib/swatches/service";
import { swatchRequestSchema } from "@/lib/swatches/input";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { SWATCH_LIMIT } from "@/lib/swatches/rules";
import { POST } from "@/app/api/swatches/route";
import { makeCustomer } from "@/test/support/auth";
import type { Audit, Change } from "@/lib/admin/change";
import { countWaitingSwatches, listSwatchRequests, markSwatchesPosted, swatchRequestsCsv } from "@/lib/admin/marketing";

const getDb = setupTestDb({ seed: false });

// The range the requests choose from: the demo's, without the rest of the demo catalogue.
beforeAll(async () => {
  await getDb()
    .db.insert(fabrics)
    .values(seedFabrics.map((f, position) => ({ ...f, position })));
});

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.9.0.${++ip}` });
let street = 0;
/** A request to an address no other test uses. */
const valid = () => ({
  fabrics: ["oat", "ink", "terracotta"],
  firstName: "Thandi",
  lastName: "Mokoena",
  email: "thandi@example.co.za",
  phone: "082 555 0199",
  streetAddress1: `${++street} Kloof Street`,
  streetAddress2: "Flat 4",
  city: "Cape Town",
  postcode: "8001",
  province: "Western Cape",
});

type Refusal = { status: number; code: string; message: string; data: { fields?: Record<string, string> } };

describe("free fabric swatches", () => {
  test("a request is kept, and the shopper gets a confirmation naming the fabrics and the postcode", async () => {
    const body = valid();
    const res = await call<{ id: number; message: string }>(POST, "/api/swatches", { json: body, headers: fresh() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Your swatches are on their way");
    const [row] = await getDb().db.select().from(swatchRequests).where(eq(swatchRequests.id, res.body.id));
    expect(row).toMatchObject({
      fabrics: ["oat", "ink", "terracotta"],
      phone: "+27825550199",
      city: "Cape Town",
      postedAt: null,
    });
    const [mail] = await latestMail(getDb().db, { to: body.email, kind: "swatch-request" });
    expect(mail!.subject).toMatch(/free fabric swatches/);
    expect(mail!.text).toContain("these 3 swatches within 2 working days, free: Oat, Ink, Terracotta.");
    expect(mail!.text).toContain("Posting to the address you gave, postcode 8001, Western Cape.");
    expect(mail!.text).not.toContain(body.streetAddress1);
  });

  test("one address asks once in 30 days, however it is written; another address may ask", async () => {
    const body = valid();
    expect((await call(POST, "/api/swatches", { json: body, headers: fresh() })).status).toBe(201);
    const again = await call<Refusal>(POST, "/api/swatches", {
      json: {
        ...body,
        email: "someone.else@example.co.za",
        streetAddress1: body.streetAddress1.toUpperCase() + ".",
        streetAddress2: " flat  4 ",
      },
      headers: fresh(),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("swatches_recently_sent");
    expect(again.body.message).toMatch(
      /^We sent swatches to this address on \d{1,2} \w+\. You can ask for more from \d{1,2} \w+/,
    );
    const other = await call(POST, "/api/swatches", {
      json: { ...body, streetAddress1: `${body.streetAddress1}A` },
      headers: fresh(),
    });
    expect(other.status).toBe(201);
  });

  test("after 30 days the same address may ask again", async () => {
    const db = getDb().db;
    const input = swatchRequestSchema(seedFabrics).parse(valid());
    const first = new Date("2026-10-01T10:00:00Z");
    await requestSwatches(db, input, "10.9.9.1", first);
    await expect(requestSwatches(db, input, "10.9.9.1", new Date("2026-10-30T10:00:00Z"))).rejects.toMatchObject({
      status: 409,
    });
    await expect(requestSwatches(db, input, "10.9.9.1", new Date("2026-11-01T10:00:00Z"))).resolves.toMatchObject({
      message: "Your swatches are on their way",
    });
  });

  test.each([
    [{ fabrics: [] }, "fabrics", "Choose at least one fabric"],
    [{ fabrics: ["oat", "ink", "sand", "stone", "olive", "charcoal"] }, "fabrics", "Choose at most 5 fabrics"],
    [{ fabrics: ["oat", "tartan"] }, "fabrics", "Choose fabrics from our range"],
    [{ fabrics: "oat,ink" }, "fabrics", "Choose fabrics from our range"],
    [{ postcode: "80011" }, "postcode", "Enter a 4-digit postcode"],
    [{ province: "Gondwana" }, "province", "Choose your province"],
    [{ email: "not-an-address" }, "email", "Enter an e-mail address like name@example.co.za"],
    [{ phone: "12" }, "phone", "Enter a South African phone number, like 082 123 4567"],
    [{ firstName: "" }, "firstName", "Enter your first name"],
    [{ streetAddress1: "x".repeat(121) }, "streetAddress1", "Enter a street address of at most 120 characters"],
  ])("%j is refused, naming the field, and nothing is kept", async (change, field, message) => {
    const before = (await getDb().db.select().from(swatchRequests)).length;
    const res = await call<Refusal>(POST, "/api/swatches", { json: { ...valid(), ...change }, headers: fresh() });
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.[field]).toBe(message);
    expect(res.body.message).toContain(message);
    expect((await getDb().db.select().from(swatchRequests)).length).toBe(before);
  });

  test("the same fabric twice is one swatch; the phone number is optional", async () => {
    const res = await call<{ id: number }>(POST, "/api/swatches", {
      json: { ...valid(), fabrics: ["Oat", "oat", "ink"], phone: "" },
      headers: fresh(),
    });
    expect(res.status).toBe(201);
    const [row] = await getDb().db.select().from(swatchRequests).where(eq(swatchRequests.id, res.body.id));
    expect(row).toMatchObject({ fabrics: ["oat", "ink"], phone: "" });
  });

  test("a fabric the back office adds can be asked for at once, named as the range names it", async () => {
    const json = { ...valid(), fabrics: ["fynbos"], email: "fynbos@example.co.za" };
    const before = await call<Refusal>(POST, "/api/swatches", { json, headers: fresh() });
    expect(before.body.data.fields?.fabrics).toBe("Choose fabrics from our range");
    await getDb()
      .db.insert(fabrics)
      .values({ name: "Fynbos", slug: "fynbos", hex: "#7a8450", shade: "#5a6238", family: "Velvet", restockWeeks: 5 });
    const res = await call<{ id: number }>(POST, "/api/swatches", { json, headers: fresh() });
    expect(res.status).toBe(201);
    const [mail] = await latestMail(getDb().db, { to: json.email, kind: "swatch-request" });
    expect(mail!.text).toContain("this swatch within 2 working days, free: Fynbos.");
    await getDb().db.delete(fabrics).where(eq(fabrics.slug, "fynbos"));
  });

  test("a network address making many requests is slowed down", async () => {
    const from = { "x-forwarded-for": "10.9.1.1" };
    const statuses: number[] = [];
    for (let i = 0; i <= SWATCH_LIMIT.limit; i++)
      statuses.push((await call(POST, "/api/swatches", { json: valid(), headers: from })).status);
    expect(statuses).toEqual([...Array<number>(SWATCH_LIMIT.limit).fill(201), 429]);
  });
});

describe("swatch requests in the back office", () => {
  test("listed newest first, found by name or postcode, marked posted by whom and when, audited; the CSV is a postal list", async () => {
    const db = getDb().db;
    const { customer: staff } = await makeCustomer(db, { email: "staff.swatches@example.co.za" });
    const req = swatchRequestSchema(seedFabrics).parse({
      ...valid(),
      firstName: "=HYPERLINK(1)",
      lastName: "Pieterse",
      email: "pieter@example.co.za",
      city: "Bloemfontein",
      postcode: "9301",
      province: "Free State",
    });
    const { id } = await requestSwatches(db, req, "10.9.2.1");
    const waitingBefore = await countWaitingSwatches(db);
    const [found] = (await listSwatchRequests(db, { q: "9301" })).rows;
    expect(found).toMatchObject({ id, lastName: "Pieterse", fabrics: ["oat", "ink", "terracotta"] });
    expect((await listSwatchRequests(db, {})).rows[0]!.id).toBe(id);

    const changes: Change[] = [];
    const audit: Audit = async (_tx, c) => void changes.push(c);
    const at = new Date(Date.UTC(2026, 10, 26, 9));
    expect(await markSwatchesPosted(db, id, true, staff.id, audit, at)).toMatchObject({
      postedAt: at,
      postedBy: staff.id,
    });
    expect(await countWaitingSwatches(db)).toBe(waitingBefore - 1);
    expect((await listSwatchRequests(db, { state: "posted" })).rows.map((r) => r.id)).toEqual([id]);
    expect((await listSwatchRequests(db, { state: "waiting", q: "pieter" })).rows).toEqual([]);
    expect(changes.map((c) => [c.action, c.entityId])).toEqual([["swatches.posted", String(id)]]);
    await expect(markSwatchesPosted(db, 999_999, true, staff.id, audit)).rejects.toMatchObject({ status: 404 });

    const { csv, rows } = await swatchRequestsCsv(db, { q: "pieter" });
    expect(rows).toBe(1);
    const [header, line] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      '"Requested at (SAST)","Fabrics","Name","Email","Phone","Street address","Address line 2","City","Postcode","Province","Posted at (SAST)"',
    );
    expect(line).toContain(`"Oat, Ink, Terracotta","'=HYPERLINK(1) Pieterse","pieter@example.co.za","082 555 0199",`);
    expect(line).toContain(`,"Bloemfontein","9301","Free State","2026-11-26 11:00:00"`);
  });
});
