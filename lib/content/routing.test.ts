import fs from "node:fs";
import path from "node:path";
import { SITE } from "@/lib/config/site";
import { INFO_PAGES } from "@/lib/content/info-pages";
import { contentPathMissing, infoPageRedirect, SEGMENTS_WITH_OWN_CHILDREN } from "@/lib/content/routing";
import { loadArticles } from "@/lib/content/load";
import { pageRoutes } from "@/test/support/routing";

const q = (s = "") => new URLSearchParams(s);
const first = loadArticles()[0]!.slug;

describe("contentPathMissing", () => {
  test.each([
    [`/blog/${first}`, "", false],
    ["/blog/no-such-article", "", true],
    ["/blog", "", false],
    ["/blog", "page=1", false],
    ["/blog", "page=2", false],
    ["/blog", "page=9", true],
    ["/blog", "page=0", true],
    ["/blog", "page=abc", true],
    ["/info/faqs", "", false],
    ["/info/no-such-page", "", false],
    ["/my-account/orders", "", false],
    ["/product/eden-2-seater", "", false],
    [`/blog/${first}/opengraph-image-abc`, "", false],
    ["/blog/%E0%A4%A", "", true],
  ])("%s?%s -> %p", (path, search, missing) => {
    expect(contentPathMissing(path, q(search))).toBe(missing);
  });
});

describe("infoPageRedirect", () => {
  test.each([
    ["/kaya/faqs", "/info/faqs"],
    ["/x1/about-us", "/info/about-us"],
    ["/help/terms-and-conditions/", "/info/terms-and-conditions"],
    ["/images/about-us", "/info/about-us"],
    ["/my-account/contact-us", "/info/contact-us"],
  ])("%s is sent to %s", (from, to) => {
    expect(infoPageRedirect(from)).toBe(to);
  });

  test.each([
    "/info/faqs",
    "/info/faqs/",
    "/kaya/no-such-page",
    "/a/b/faqs",
    "/faqs",
    "/blog/faqs",
    "/product/about-us",
    "/product-category/faqs",
    "/saved/faqs",
    "/api/about-us",
  ])("%s is left to its own route", (pathname) => {
    expect(infoPageRedirect(pathname)).toBeNull();
  });

  test("each information page is a folder of its own under SITE.infoSlug, and nothing else is", () => {
    const folder = path.join(process.cwd(), "app", "(shop)", SITE.infoSlug);
    const pages = fs.readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(pages.map((e) => e.name).sort()).toEqual(INFO_PAGES.map((p) => p.slug).sort());
    for (const page of INFO_PAGES) expect(fs.existsSync(path.join(folder, page.slug, "page.tsx"))).toBe(true);
    // No other route answers an information page's name under a leading slug of its own.
    const infoNames = new Set<string>(INFO_PAGES.map((p) => p.slug));
    const underAnySlug = pageRoutes().filter(
      (r) => r.segments.length === 2 && r.segments[0]!.startsWith("[") && infoNames.has(r.segments[1]!),
    );
    expect(underAnySlug).toEqual([]);
  });

  test("every first segment whose route takes any second one is left alone", () => {
    const taking = pageRoutes()
      .filter((r) => r.segments.length >= 2 && !r.segments[0]!.startsWith("[") && r.segments[1]!.startsWith("["))
      .map((r) => r.segments[0]!);
    for (const segment of new Set(taking)) expect({ segment, left: SEGMENTS_WITH_OWN_CHILDREN.has(segment) }).toEqual({ segment, left: true });
  });
});
