import { setupTestDb } from "@/test/support/db";
import { adminAudit } from "@/lib/db/schema";
import { auditedKinds, auditEntries } from "@/lib/admin/audit";

/** The audit log's filters: what kind of record, who, and days counted in South African time. */
const getDb = setupTestDb({ seed: false });

const entry = (staffEmail: string, entity: string, createdAt: string) => ({
  staffEmail,
  action: `${entity}.update`,
  entity,
  entityId: "1",
  createdAt: new Date(createdAt),
});

beforeAll(async () => {
  await getDb()
    .db.insert(adminAudit)
    .values([
      entry("nomsa@kaya.example", "settings", "2026-11-09T21:30:00Z"), // 23:30 on the 9th in South Africa
      entry("nomsa@kaya.example", "product", "2026-11-09T22:30:00Z"), // 00:30 on the 10th
      entry("pieter@kaya.example", "product", "2026-11-10T12:00:00Z"),
      entry("pieter@kaya.example", "order", "2026-11-11T08:00:00Z"),
    ]);
});

const whoAndWhat = async (filter: Parameters<typeof auditEntries>[1]) =>
  (await auditEntries(getDb().db, filter)).entries.map((e) => `${e.staffEmail} ${e.entity}`);

test("by kind, by part of who's address, and by South African day", async () => {
  expect(await auditedKinds(getDb().db)).toEqual(["order", "product", "settings"]);
  expect(await whoAndWhat({ entity: "product" })).toEqual([
    "pieter@kaya.example product",
    "nomsa@kaya.example product",
  ]);
  expect(await whoAndWhat({ who: "NOMSA" })).toEqual(["nomsa@kaya.example product", "nomsa@kaya.example settings"]);
  // A % in the words is a character, not a wildcard.
  expect(await whoAndWhat({ who: "%" })).toEqual([]);
  expect(await whoAndWhat({ from: "2026-11-10", to: "2026-11-10" })).toEqual([
    "pieter@kaya.example product",
    "nomsa@kaya.example product",
  ]);
  expect(await whoAndWhat({ to: "2026-11-09" })).toEqual(["nomsa@kaya.example settings"]);
  expect((await auditEntries(getDb().db, { from: "2026-11-11", who: "pieter" })).total).toBe(1);
});
