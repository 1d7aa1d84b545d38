import { LocalLimiter } from "@/lib/security/local-limit";

const NOW = Date.parse("2026-11-27T12:00:00Z");

describe("a limit counted in the process's memory", () => {
  test("counts per key within a window, refuses past the limit naming when to come back, and starts again after", () => {
    const limiter = new LocalLimiter({ limit: 3, windowSeconds: 60 });
    for (let i = 1; i <= 3; i++) expect(limiter.hit("a", NOW)).toMatchObject({ allowed: true, count: i });
    expect(limiter.hit("a", NOW + 10_000)).toEqual({ allowed: false, retryAfter: 50, count: 4 });
    expect(limiter.hit("b", NOW + 10_000)).toMatchObject({ allowed: true, count: 1 });
    expect(limiter.hit("a", NOW + 60_000)).toMatchObject({ allowed: true, count: 1 });
  });

  test("tracks a bounded number of keys, however many addresses ask", () => {
    const limiter = new LocalLimiter({ limit: 3, windowSeconds: 60 }, 100);
    for (let i = 0; i < 10_000; i++) limiter.hit(`address-${i}`, NOW + i);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest are the ones kept: a key still counting keeps its count.
    for (let i = 0; i < 3; i++) limiter.hit("address-9999", NOW + 10_000);
    expect(limiter.hit("address-9999", NOW + 10_001).allowed).toBe(false);
  });
});
