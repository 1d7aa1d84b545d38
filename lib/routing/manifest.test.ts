import manifest from "@/content/redirects.json";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { gateCookieValue } from "@/lib/auth/site-gate";
import { categories, products } from "@/lib/db/schema";
import { loadArticles } from "@/lib/content/load";
import { setupTestDb } from "@/test/support/db";
import { REDIRECT_RULES, matchRedirect } from "@/lib/routing/manifest";
import { redirectChains, type RedirectRule } from "@/lib/routing/redirects";
import { pageExists, passedOn, proxyRequest } from "@/test/support/routing";
import { config, proxy } from "@/proxy";
import { COOKIE } from "@/lib/http/cookie-names";
import { setEnv } from "@/lib/config/set-env";

/*
 * content/redirects.json, checked against the shop it redirects into: every rule is valid, is
 * seen by the proxy, leaves an address that is not a page, and lands on a page that exists
 * (a real slug in the seeded database), in one hop.
 */
const testDb = setupTestDb();

const PARAM = /:[A-Za-z_][A-Za-z0-9_]*/g;
const fill = (pattern: string, value: string) => pattern.replace(PARAM, value);
const isExternal = (rule: RedirectRule) => /^https?:\/\//.test(rule.to);

/** A parameter value for which the rule's target is a real page ("2" for a page number, then every slug). */
async function sampleFor(rule: RedirectRule, candidates: string[]): Promise<string | null> {
  if (!/:[A-Za-z_]/.test(rule.from)) return "";
  for (const value of candidates) {
    if (isExternal(rule) || (await pageExists(fill(rule.to, value)))) return value;
  }
  return null;
}

async function candidates(): Promise<string[]> {
  const { db } = testDb();
  const [p, c] = await Promise.all([
    db.select({ slug: products.slug }).from(products),
    db.select({ slug: categories.slug }).from(categories),
  ]);
  return ["2", ...c.map((r) => r.slug), ...p.map((r) => r.slug), ...loadArticles().map((a) => a.slug)];
}

describe("the redirect manifest (content/redirects.json)", () => {
  afterEach(() => {
    setEnv({ SITE_PASSWORD: undefined });
  });

  test("every rule is valid, and none is lost", () => {
    expect(REDIRECT_RULES).toHaveLength(manifest.length);
    expect(REDIRECT_RULES.length).toBeGreaterThan(0);
  });

  test("no chains or loops", () => {
    expect(redirectChains(REDIRECT_RULES)).toEqual([]);
    for (const value of ["eden-2-seater", "couches", "2"]) expect(redirectChains(REDIRECT_RULES, value)).toEqual([]);
  });

  test("every old address reaches the proxy (not a static file or excluded path)", () => {
    for (const rule of REDIRECT_RULES) {
      expect([rule.from, unstable_doesMiddlewareMatch({ config, url: fill(rule.from, "x") })]).toEqual([
        rule.from,
        true,
      ]);
    }
  });

  test("each rule answers with its status and lands on a real page in one hop; the query comes along", async () => {
    const values = await candidates();
    for (const rule of REDIRECT_RULES) {
      const sample = await sampleFor(rule, values);
      expect([rule.from, sample === null ? "no value makes the target a real page" : "ok"]).toEqual([rule.from, "ok"]);
      const from = fill(rule.from, sample!);
      // The old address is not a page of its own: a rule must not hide one.
      expect([from, await pageExists(from)]).toEqual([from, false]);

      const res = await proxy(proxyRequest(`${from}?utm_source=newsletter`));
      expect([from, res.status]).toEqual([from, rule.permanent ? 308 : 307]);
      const location = new URL(res.headers.get("location")!);
      expect(location.searchParams.get("utm_source")).toBe("newsletter");

      if (isExternal(rule)) {
        expect(rule.to).toMatch(/^https:\/\//);
        expect(`${location.origin}${location.pathname}`).toBe(new URL(rule.to).href.replace(/\?.*$/, ""));
        continue;
      }
      const target = fill(rule.to, sample!);
      expect(location.origin).toBe("http://shop.test");
      expect(location.pathname).toBe(target);
      expect([target, await pageExists(target)]).toEqual([target, true]);
      // The proxy lets the target through: no second redirect, no 404 (the account page aside,
      // which sends a stranger to log in).
      if (!target.startsWith("/my-account"))
        expect([target, passedOn(await proxy(proxyRequest(target)))]).toEqual([target, true]);
    }
  });

  test("redirects come before the site gate: an old link lands on its new address, behind the gate", async () => {
    setEnv({ SITE_PASSWORD: "kaya-preview" });
    const res = await proxy(proxyRequest("/product-category/sleepers"));
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/product-category/sleeper-couches");
    const target = await proxy(proxyRequest("/product-category/sleeper-couches"));
    expect(new URL(target.headers.get("x-middleware-rewrite")!).pathname).toBe("/site-login");
    expect(
      passedOn(await proxy(proxyRequest("/product-category/sleeper-couches", { [COOKIE.gate]: gateCookieValue() }))),
    ).toBe(true);
  });

  test("redirects come before the account guard, which still guards the target", async () => {
    const res = await proxy(proxyRequest("/my-account/edit-account"));
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/my-account");
    const guarded = await proxy(proxyRequest("/my-account"));
    expect(new URL(guarded.headers.get("location")!).pathname).toBe("/login");
  });

  test("addresses without a rule are left alone", async () => {
    for (const path of [
      "/",
      "/product-category",
      "/product/eden-2-seater",
      "/shopping",
      "/product/eden-2-seater/amp/extra",
    ])
      expect([path, matchRedirect(path)]).toEqual([path, null]);
    expect(passedOn(await proxy(proxyRequest("/product-category/couches")))).toBe(true);
  });
});
