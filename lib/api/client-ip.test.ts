import { clientIp } from "@/lib/api/client-ip";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientIp", () => {
  test("one trusted proxy: the right-most forwarded address", () => {
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3" }), 1)).toBe("41.1.2.3");
  });
  test("two trusted proxies skip the load balancer's own entry", () => {
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3, 10.0.0.2" }), 2)).toBe("41.1.2.3");
  });
  test("a forged header cannot push the address out of reach", () => {
    expect(clientIp(h({ "x-forwarded-for": "41.1.2.3" }), 3)).toBe("41.1.2.3");
  });
  test("IPv4-mapped IPv6 is written as IPv4", () => {
    expect(clientIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
  });
  test("falls back to X-Real-IP, then loopback", () => {
    expect(clientIp(h({ "x-real-ip": "41.9.9.9" }))).toBe("41.9.9.9");
    expect(clientIp(h({}))).toBe("127.0.0.1");
  });
});
