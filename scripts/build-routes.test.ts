import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildRoutes, routeOfEntry, sourceRoutes, testOnlyRoutes } from "./build-routes";

/** A folder laid out as `next build` leaves `.next`, holding the given routes. */
function fakeBuild(routes: {
  static: string[];
  dynamic?: string[];
  appEntries?: string[];
  prerendered?: string[];
}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-build-"));
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), JSON.stringify(value));
  };
  write("routes-manifest.json", {
    staticRoutes: routes.static.map((page) => ({ page })),
    dynamicRoutes: (routes.dynamic ?? []).map((page) => ({ page })),
  });
  write("server/app-paths-manifest.json", Object.fromEntries((routes.appEntries ?? []).map((e) => [e, `app${e}.js`])));
  write("prerender-manifest.json", {
    routes: Object.fromEntries((routes.prerendered ?? []).map((r) => [r, {}])),
    dynamicRoutes: {},
  });
  return dir;
}

describe("test-only routes in a production build", () => {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const build = (routes: Parameters<typeof fakeBuild>[0]) => {
    const dir = fakeBuild(routes);
    made.push(dir);
    return dir;
  };

  test("a stand-in or a test call anywhere in the manifests is found", () => {
    const dir = build({
      static: ["/", "/api/cart", "/api/test/mail"],
      dynamic: ["/product/[slug]"],
      appEntries: ["/(shop)/page", "/standin/payfast/eng/process/route", "/api/payments/payfast/notify/route"],
      prerendered: ["/product/standing-lamp-table"],
    });
    const routes = buildRoutes(dir);
    expect(routes).toEqual(
      expect.arrayContaining([
        "/",
        "/api/cart",
        "/product/[slug]",
        "/standin/payfast/eng/process",
        "/api/payments/payfast/notify",
        "/product/standing-lamp-table",
      ]),
    );
    expect(testOnlyRoutes(routes)).toEqual(["/api/test/mail", "/standin/payfast/eng/process"]);
  });

  test("a clean build has none, and words that merely contain them are not flagged", () => {
    const dir = build({
      static: ["/", "/api/testimonials", "/checkout/finchoice/confirmed"],
      appEntries: ["/(shop)/standing-desks/page"],
      prerendered: ["/blog/stand-in-for-a-sofa-bed"],
    });
    expect(testOnlyRoutes(buildRoutes(dir))).toEqual([]);
  });

  test("no build is an error, not a pass", () => {
    expect(() => buildRoutes(path.join(os.tmpdir(), "kaya-no-such-build"))).toThrow(/No production build/);
  });

  test("manifest entries become the paths a browser asks for", () => {
    expect(routeOfEntry("/(order)/checkout/order/[orderId]/page")).toBe("/checkout/order/[orderId]");
    expect(routeOfEntry("/api/cart/route")).toBe("/api/cart");
    expect(routeOfEntry("/(shop)/page")).toBe("/");
    expect(routeOfEntry("(shop)/@modal/login/page.tsx")).toBe("/login");
  });

  test("the shop's app folder defines no stand-in and no test-only call", () => {
    const routes = sourceRoutes(path.join(process.cwd(), "app"));
    expect(routes).toEqual(
      expect.arrayContaining(["/", "/api/checkout", "/api/payments/payfast/notify", "/checkout/finchoice/confirmed"]),
    );
    expect(testOnlyRoutes(routes)).toEqual([]);
  });
});
