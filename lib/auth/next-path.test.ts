import fc from "fast-check";
import { AFTER_SIGN_IN, safeNextPath } from "@/lib/auth/next-path";

const ORIGIN = "https://shop.example";

/** Where a browser ends up following `path` from a page of the shop. */
const landsOn = (path: string, from = `${ORIGIN}/login?next=x`) => new URL(path, from).origin;

describe("safeNextPath", () => {
  test.each([
    ["/my-account/orders", "/my-account/orders"],
    ["/my-account/view-order/12?key=abc", "/my-account/view-order/12?key=abc"],
    ["/checkout#pay", "/checkout#pay"],
    ["/product/eden-2-seater?fabric=Charcoal%20Grey", "/product/eden-2-seater?fabric=Charcoal%20Grey"],
    ["https://shop.example/cart", "/cart"],
    ["/a/../cart", "/cart"],
    ["/%2F/x", "/%2F/x"],
    // The origin's own scheme without slashes is a relative path, as browsers read it.
    ["https:evil.example", "/evil.example"],
  ])("keeps a path on this site: %j -> %j", (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  test.each([
    "/.//evil.example/phish",
    "/././/evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/x/..//evil.example",
    "/x/%2e%2e//evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "https://evil.example",
    "https://evil.example/my-account",
    "http:evil.example",
    "http://shop.example/cart",
    "https://shop.example:8443/cart",
    "https://shop.example@evil.example/",
    "HTTPS://EVIL.EXAMPLE",
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "mailto:x@evil.example",
    "/login",
    "/login?next=/my-account",
    "/create-account",
    "/login/",
    "",
  ])("falls back for %j", (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe(AFTER_SIGN_IN);
  });

  test("encoded slashes stay encoded, so they never make a second leading slash", () => {
    for (const next of ["/%2F%2Fevil.example", "/%2f/evil.example", "/%5C/evil.example", "/%5c%5cevil.example"]) {
      const result = safeNextPath(next, ORIGIN);
      expect(result.startsWith("//")).toBe(false);
      expect(landsOn(result)).toBe(ORIGIN);
    }
  });

  test("anything that is not text falls back, and so does a very long value", () => {
    for (const next of [null, undefined, 42, ["/cart"], { href: "/cart" }])
      expect(safeNextPath(next, ORIGIN)).toBe(AFTER_SIGN_IN);
    expect(safeNextPath(`/${"a".repeat(5000)}`, ORIGIN)).toBe(AFTER_SIGN_IN);
    expect(safeNextPath("//evil.example", ORIGIN, "/")).toBe("/");
  });

  // Pieces that parsers disagree about, glued together at random.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    "/\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2e",
    "%2f",
    "%2F",
    "%5c",
    "%5C",
    "%09",
    "%0a",
    "%00",
    "\t",
    "\n",
    "\r",
    " ",
    "\u3000",
    "\uff0f",
    "@",
    ":",
    "?",
    "#",
    "&",
    "evil.example",
    "shop.example",
    "x",
    "javascript:",
    "data:",
    "http:",
    "https:",
    "http://",
    "https://",
    "HTTPS://",
    "login",
    "my-account",
  );
  const hostile = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
    fc.string({ maxLength: 40 }),
    fc.webUrl(),
    fc.webPath(),
  );

  test("property: whatever comes in, the result is a path that lands on the shop", () => {
    fc.assert(
      fc.property(hostile, (next) => {
        const result = safeNextPath(next, ORIGIN);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(landsOn(result)).toBe(ORIGIN);
        expect(landsOn(result, `${ORIGIN}/deep/page/`)).toBe(ORIGIN);
        // And again, through the same check: the result is a fixed point.
        expect(safeNextPath(result, ORIGIN)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });

  test("property: a plain path on the site is kept as it is", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        fc.pre(!/^\/(login|create-account)(\/|$)/.test(path));
        expect(safeNextPath(path, ORIGIN)).toBe(path);
      }),
    );
  });
});
