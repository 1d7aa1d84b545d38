import { addressGroup, clientIp, trustedProxies } from "@/lib/api/client-ip";
import { parseServerEnv } from "@/lib/config/env";
import { setEnv } from "@/lib/config/set-env";

const h = (init: Record<string, string>) => new Headers(init);

/*
 * The shop's own server (server.mjs) appends the socket's address to X-Forwarded-For before the
 * app sees a request, so the right-most entry is always the machine that connected to it.
 */
describe("clientIp", () => {
  let restore = () => {};
  afterEach(() => restore());

  test("no proxy (the default): the socket's address, whatever the client wrote to the left of it", () => {
    restore = setEnv({ TRUSTED_PROXIES: undefined });
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3" }))).toBe("41.1.2.3");
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 7.7.7.7, 8.8.8.8, 41.1.2.3" }))).toBe("41.1.2.3");
  });

  test("one proxy in front: the address that proxy saw, one left of its own", () => {
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3, 10.0.0.2" }), 1)).toBe("41.1.2.3");
    restore = setEnv({ TRUSTED_PROXIES: "1" });
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3, 10.0.0.2" }))).toBe("41.1.2.3");
  });

  test("two proxies skip both of their entries", () => {
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 41.1.2.3, 10.0.0.9, 10.0.0.2" }), 2)).toBe("41.1.2.3");
  });

  test("a chain shorter than the proxies configured gives its left-most entry", () => {
    expect(clientIp(h({ "x-forwarded-for": "41.1.2.3" }), 3)).toBe("41.1.2.3");
  });

  test("X-Real-IP and other headers a client can write are never read", () => {
    expect(clientIp(h({ "x-real-ip": "41.9.9.9", "x-forwarded-for": "10.0.0.2" }))).toBe("10.0.0.2");
    expect(
      clientIp(h({ "x-real-ip": "41.9.9.9", "cf-connecting-ip": "41.9.9.9", forwarded: "for=41.9.9.9" })),
    ).not.toBe("41.9.9.9");
  });

  test("IPv4-mapped IPv6 is written as IPv4; ports and brackets are dropped", () => {
    expect(clientIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientIp(h({ "x-forwarded-for": "41.1.2.3:51234" }))).toBe("41.1.2.3");
    expect(clientIp(h({ "x-forwarded-for": "[2001:db8::7]:443" }))).toBe("2001:db8::7");
  });

  test("an entry that is not an address counts as the nearest machine's", () => {
    expect(clientIp(h({ "x-forwarded-for": "unknown, 10.0.0.2" }), 1)).toBe("10.0.0.2");
    expect(clientIp(h({ "x-forwarded-for": "<script>, 10.0.0.2" }), 1)).toBe("10.0.0.2");
  });

  test("without the header at all (not behind the shop's server): loopback", () => {
    expect(clientIp(h({}))).toBe("127.0.0.1");
  });
});

describe("trustedProxies", () => {
  const proxies = (value: string | undefined) => {
    const parsed = parseServerEnv({ TRUSTED_PROXIES: value });
    return parsed.ok ? parsed.env.TRUSTED_PROXIES : parsed.problems.map((p) => p.variable);
  };

  test.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["1", 1],
    ["2", 2],
    [" 1 ", 1],
  ])("TRUSTED_PROXIES=%j -> %d", (value, expected) => {
    expect(proxies(value)).toBe(expected);
  });

  // Guessing 0 would count every visitor as the proxy, or let visitors choose their address.
  test.each(["-1", "1.5", "one", "99999"])("TRUSTED_PROXIES=%j stops the server, naming it", (value) => {
    expect(proxies(value)).toEqual(["TRUSTED_PROXIES"]);
  });

  test("the shop reads the configured value", () => {
    const restore = setEnv({ TRUSTED_PROXIES: "2" });
    try {
      expect(trustedProxies()).toBe(2);
    } finally {
      restore();
    }
  });
});

describe("addressGroup (what a per-address limit counts)", () => {
  test("an IPv4 address is its own group", () => {
    expect(addressGroup("41.1.2.3")).toBe("41.1.2.3");
  });
  test("IPv6 addresses are grouped by their /64, which one subscriber holds whole", () => {
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });
  test("anything else is passed through as it is", () => {
    expect(addressGroup("127.0.0.1")).toBe("127.0.0.1");
    expect(addressGroup("nonsense")).toBe("nonsense");
  });
});
