import { setupTestDb } from "@/test/support/db";
import { rateLimits } from "@/lib/db/schema";
import { hit, peek, release, reserve, reset, resetPrefix } from "@/lib/security/rate-limit";

const testDb = setupTestDb({ seed: false });
const LIMIT = { limit: 3, windowSeconds: 60 };

describe("rate-limit counters", () => {
  test("reserve counts an attempt, refuses past the limit and gives a refused one back at once", async () => {
    const { db } = testDb();
    for (let i = 1; i <= 3; i++)
      expect(await reserve(db, "t:reserve", LIMIT)).toMatchObject({ allowed: true, count: i });
    const refused = await reserve(db, "t:reserve", LIMIT);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(await peek(db, "t:reserve")).toBe(3);
    await release(db, "t:reserve");
    expect(await peek(db, "t:reserve")).toBe(2);
    expect((await reserve(db, "t:reserve", LIMIT)).allowed).toBe(true);
  });

  test("parallel reservations never let more than the limit through", async () => {
    const { db } = testDb();
    const results = await Promise.all(Array.from({ length: 20 }, () => reserve(db, "t:parallel", LIMIT)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(await peek(db, "t:parallel")).toBe(3);
  });

  test("release never goes below zero; peek of an unknown or passed window is 0", async () => {
    const { db } = testDb();
    await release(db, "t:none");
    expect(await peek(db, "t:none")).toBe(0);
    await hit(db, "t:low", LIMIT);
    await release(db, "t:low");
    await release(db, "t:low");
    expect(await peek(db, "t:low")).toBe(0);
    await db.insert(rateLimits).values({ key: "t:passed", count: 9, resetAt: new Date(Date.now() - 1000) });
    expect(await peek(db, "t:passed")).toBe(0);
    expect((await hit(db, "t:passed", LIMIT)).count).toBe(1);
  });

  test("resetPrefix forgets only its own keys and refuses LIKE wildcards", async () => {
    const { db } = testDb();
    for (const key of ["t:p:a:1", "t:p:a:2", "t:p:b:1"]) await hit(db, key, LIMIT);
    await resetPrefix(db, "t:p:a:");
    expect([await peek(db, "t:p:a:1"), await peek(db, "t:p:a:2"), await peek(db, "t:p:b:1")]).toEqual([0, 0, 1]);
    await expect(resetPrefix(db, "t:p:%")).rejects.toThrow(/wildcards/);
    await expect(resetPrefix(db, "t_p")).rejects.toThrow(/wildcards/);
    await reset(db, "t:p:b:1");
    expect(await peek(db, "t:p:b:1")).toBe(0);
  });
});
