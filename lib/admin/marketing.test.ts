import { setupTestDb } from "@/test/support/db";
import { contactMessages, giveawayEntries, newsletterSubscribers } from "@/lib/db/schema";
import { makeCustomer } from "@/test/support/auth";
import type { Audit, Change } from "@/lib/admin/change";
import { csvRecords, formulaCells } from "@/test/support/admin-csv";
import {
  campaignCounts,
  contactMessagesCsv,
  countOpenMessages,
  giveawayEntriesCsv,
  listContactMessages,
  listGiveawayEntries,
  listSubscribers,
  markMessageHandled,
  subscribersCsv,
} from "@/lib/admin/marketing";

const getDb = setupTestDb({ seed: false });
const noAudit: Audit = async () => {};

beforeAll(async () => {
  const db = getDb().db;
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
  await db.insert(newsletterSubscribers).values([
    { email: "ayanda@example.co.za", consentSource: "footer", consentAt: day(1), unsubscribeToken: "t1" },
    {
      email: "bongani@example.co.za",
      consentSource: "checkout",
      consentAt: day(2),
      unsubscribeToken: "t2",
      unsubscribedAt: day(5),
    },
    {
      email: '=HYPERLINK("http://evil.example")@example.com',
      consentSource: "home",
      consentAt: day(3),
      unsubscribeToken: "t3",
    },
    ...Array.from({ length: 30 }, (_, i) => ({
      email: `bulk${i}@example.com`,
      consentSource: "footer",
      consentAt: day(10),
      unsubscribeToken: `b${i}`,
    })),
  ]);
  await db.insert(giveawayEntries).values([
    {
      campaign: "eden-2-seater-giveaway",
      name: "Naledi Mokoena",
      email: "naledi@example.co.za",
      phone: "0821234567",
      province: "Gauteng",
      createdAt: day(4),
    },
    {
      campaign: "couch-giveaway",
      name: "Pieter van Wyk",
      email: "pieter@example.co.za",
      phone: "0831234567",
      province: "Western Cape",
      createdAt: day(6),
    },
    {
      campaign: "couch-giveaway",
      name: "+27 Cmd|' /C calc'!A0",
      email: "attacker@example.com",
      phone: "-1+1",
      province: "@SUM(1)",
      createdAt: day(7),
    },
  ]);
  await db.insert(contactMessages).values([
    { name: "Zanele", email: "zanele@example.co.za", message: "Do you deliver to Polokwane?", createdAt: day(8) },
    {
      name: "Johan",
      email: "johan@example.co.za",
      phone: "0841234567",
      message: "My couch leg is loose,\nplease help.",
      createdAt: day(9),
    },
  ]);
});

describe("newsletter subscribers", () => {
  test("listed newest consent first with source and time, searchable, by state, 25 a page", async () => {
    const db = getDb().db;
    const all = await listSubscribers(db);
    expect([all.total, all.rows.length, all.pageCount]).toEqual([33, 25, 2]);
    expect((await listSubscribers(db, { page: 2 })).rows).toHaveLength(8);
    const found = await listSubscribers(db, { q: "AYANDA" });
    expect(found.rows).toEqual([
      expect.objectContaining({
        email: "ayanda@example.co.za",
        consentSource: "footer",
        consentAt: new Date(Date.UTC(2026, 10, 1, 9)),
      }),
    ]);
    expect((await listSubscribers(db, { state: "unsubscribed" })).rows.map((r) => r.email)).toEqual([
      "bongani@example.co.za",
    ]);
    expect((await listSubscribers(db, { q: "checkout" })).rows.map((r) => r.email)).toEqual(["bongani@example.co.za"]);
  });

  test("the CSV has every matching row, and a cell a spreadsheet would run is made text", async () => {
    const { csv, rows } = await subscribersCsv(getDb().db, { q: "example.com" });
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe('"Email","Consent source","Consent given at (SAST)","Unsubscribed at (SAST)"');
    expect(lines.filter(Boolean)).toHaveLength(1 + 31);
    expect(rows).toBe(31);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")@example.com","home","2026-11-03 11:00:00",""`);
    expect(formulaCells(csv)).toEqual([]);
  });
});

describe("giveaway entries", () => {
  test("per campaign, with counts, searchable", async () => {
    const db = getDb().db;
    expect(await campaignCounts(db)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: "eden-2-seater-giveaway", entries: 1 }),
        expect.objectContaining({ slug: "couch-giveaway", entries: 2 }),
      ]),
    );
    expect((await listGiveawayEntries(db, { campaign: "couch-giveaway" })).rows.map((r) => r.email)).toEqual([
      "attacker@example.com",
      "pieter@example.co.za",
    ]);
    expect((await listGiveawayEntries(db, { q: "gauteng" })).rows.map((r) => r.name)).toEqual(["Naledi Mokoena"]);
  });

  test("the CSV neutralises formulas in every column", async () => {
    const { csv } = await giveawayEntriesCsv(getDb().db, { campaign: "couch-giveaway" });
    expect(csvRecords(csv)).toEqual([
      {
        Campaign: "couch-giveaway",
        Name: "'+27 Cmd|' /C calc'!A0",
        Email: "attacker@example.com",
        Phone: "'-1+1",
        Province: "'@SUM(1)",
        "Entered at (SAST)": "2026-11-07 11:00:00",
      },
      {
        Campaign: "couch-giveaway",
        Name: "Pieter van Wyk",
        Email: "pieter@example.co.za",
        Phone: "083 123 4567",
        Province: "Western Cape",
        "Entered at (SAST)": "2026-11-06 11:00:00",
      },
    ]);
    expect(formulaCells(csv)).toEqual([]);
  });
});

describe("contact messages", () => {
  test("marked handled by whom and when, open again; audited; counted", async () => {
    const db = getDb().db;
    const { customer: staff } = await makeCustomer(db, { email: "staff.marketing@example.co.za" });
    const [zanele] = (await listContactMessages(db, { q: "polokwane" })).rows;
    expect(await countOpenMessages(db)).toBe(2);
    const changes: Change[] = [];
    const audit: Audit = async (_tx, c) => void changes.push(c);
    const at = new Date(Date.UTC(2026, 10, 20, 10));
    const handled = await markMessageHandled(db, zanele!.id, true, staff.id, audit, at);
    expect(handled).toMatchObject({ handledAt: at, handledBy: staff.id });
    expect(await countOpenMessages(db)).toBe(1);
    expect((await listContactMessages(db, { state: "handled" })).rows.map((r) => r.id)).toEqual([zanele!.id]);
    expect((await listContactMessages(db, { state: "open" })).rows.map((r) => r.name)).toEqual(["Johan"]);
    await markMessageHandled(db, zanele!.id, false, staff.id, audit);
    expect(await countOpenMessages(db)).toBe(2);
    expect(changes.map((c) => [c.action, c.before, c.after])).toEqual([
      ["message.handled", { handledAt: null, handledBy: null }, { handledAt: at, handledBy: staff.id }],
      ["message.reopened", { handledAt: at, handledBy: staff.id }, { handledAt: null, handledBy: null }],
    ]);
    await expect(markMessageHandled(db, 999_999, true, staff.id, noAudit)).rejects.toMatchObject({ status: 404 });
  });

  test("the CSV keeps a message's line breaks inside its cell", async () => {
    const { csv } = await contactMessagesCsv(getDb().db, { q: "johan" });
    expect(csv).toContain(`"Johan","johan@example.co.za","084 123 4567","My couch leg is loose,\nplease help.",""`);
  });
});
