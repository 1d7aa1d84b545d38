import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { ArticleJsonLd, BreadcrumbJsonLd, FAQJsonLd, OrganizationJsonLd, ProductJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { jsonLdBlocks, scanScripts } from "@/lib/seo/script-scan";

const HOSTILE = "Couch </script ><script>alert(1)</script> & <!-- co";

/** What next-seo's own component writes, parsed, and what the shop writes from the same props. */
function both<P extends object>(Component: (props: P & { scriptId?: string }) => React.ReactNode, props: P) {
  const theirs = jsonLdBlocks(renderToStaticMarkup(<Component {...props} scriptId="x" />)).get("x");
  const html = renderToStaticMarkup(<JsonLd id="x" data={structuredData(Component, props)} />);
  return { theirs, ours: jsonLdBlocks(html).get("x"), html };
}

describe("JSON-LD through the shop's serialiser", () => {
  test.each([
    [
      "Product",
      ProductJsonLd,
      {
        name: "Eden 2 Seater",
        description: "A compact two-seater.",
        url: "https://shop.test/product/eden-2-seater",
        image: ["https://shop.test/a.svg"],
        brand: { name: "Kaya Living" },
        category: "Couches",
        offers: {
          price: 12999,
          priceCurrency: "ZAR",
          availability: "https://schema.org/InStock",
          url: "https://shop.test/product/eden-2-seater",
        },
        aggregateRating: { ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
        review: [
          {
            name: "Great",
            reviewBody: "Lovely couch.",
            datePublished: "2026-01-02",
            author: { "@type": "Person" as const, name: "Thandi M." },
            reviewRating: { ratingValue: 5, bestRating: 5, worstRating: 1 },
          },
        ],
      },
    ],
    [
      "BreadcrumbList",
      BreadcrumbJsonLd,
      {
        items: [
          { name: "Home", item: "https://shop.test/" },
          { name: "Couches", item: "https://shop.test/product-category/couches" },
          { name: "Eden" },
        ],
      },
    ],
    ["FAQPage", FAQJsonLd, { questions: [{ question: "How long is delivery?", answer: "Within 14 days." }] }],
    [
      "BlogPosting",
      ArticleJsonLd,
      {
        type: "BlogPosting" as const,
        headline: "Choosing a couch",
        description: "What to measure.",
        url: "https://shop.test/blog/x",
        mainEntityOfPage: "https://shop.test/blog/x",
        datePublished: "2026-01-01",
        dateModified: "2026-02-01",
        author: { "@type": "Person" as const, name: "Lerato" },
        publisher: { "@type": "Organization" as const, name: "Kaya Living", url: "https://shop.test" },
        image: "https://shop.test/c.svg",
      },
    ],
    [
      "OnlineStore",
      OrganizationJsonLd,
      {
        type: "OnlineStore" as const,
        name: "Kaya Living",
        url: "https://shop.test/",
        logo: "https://shop.test/icon.svg",
        description: "Furniture.",
        email: "hello@shop.test",
        telephone: "021 000 0000",
        address: { addressCountry: "ZA" },
        sameAs: ["https://instagram.com/kaya"],
        contactPoint: { contactType: "customer service", email: "hello@shop.test", telephone: "021 000 0000" },
      },
    ],
  ] as const)("%s: the same structured data as next-seo writes", (type, Component, props) => {
    const { theirs, ours } = both(Component as (p: object) => React.ReactNode, props);
    expect(ours).toEqual(theirs);
    expect((ours as { "@type": string })["@type"]).toBe(type);
  });

  test("the script carries the id, test id and type that next-seo gave it", () => {
    const html = renderToStaticMarkup(<JsonLd id="faq-json-ld" data={{ "@type": "FAQPage" }} />);
    expect(html).toBe(
      '<script type="application/ld+json" id="faq-json-ld" data-testid="faq-json-ld">{"@type":"FAQPage"}</script>',
    );
  });

  test("hostile text in any of them stays inside its script, escaped", () => {
    const html = renderToStaticMarkup(
      <JsonLd
        id="x"
        data={structuredData(BreadcrumbJsonLd, {
          items: [{ name: HOSTILE, item: "https://shop.test/" }, { name: HOSTILE }],
        })}
      />,
    );
    const ours = jsonLdBlocks(html).get("x");
    const scripts = scanScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.close).toBe("</script>");
    expect(scripts[0]!.body).not.toMatch(/[<>&]/);
    expect((ours as { itemListElement: Array<{ name: string }> }).itemListElement.map((i) => i.name)).toEqual([
      HOSTILE,
      HOSTILE,
    ]);
  });

  test("a component that builds no data is refused, not rendered", () => {
    expect(() => structuredData(() => null, {})).toThrow(/built no structured data/);
  });
});

/** Every file of the app's source, for checks on how it writes scripts. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("where the shop writes script bodies", () => {
  const root = path.resolve(__dirname, "../..");
  const files = ["app", "components", "lib", "stores"]
    .flatMap((d) => sourceFiles(path.join(root, d)))
    .concat(path.join(root, "proxy.ts"));
  const rel = (f: string) => path.relative(root, f);

  test("only the JSON-LD component and the cookie notice's consent script set inner HTML", () => {
    const setters = files.filter((f) => readFileSync(f, "utf8").includes("dangerouslySetInnerHTML")).map(rel);
    // The consent script is a fixed text made from the build's configuration (lib/analytics/consent-script.ts).
    expect(setters.sort()).toEqual(["components/analytics/notice-in-page.tsx", "components/seo/json-ld.tsx"]);
  });

  test("no next-seo component or inline next/script writes a script itself", () => {
    const offenders: string[] = [];
    for (const f of files) {
      const src = readFileSync(f, "utf8");
      if (/from\s+["']next\/script["']/.test(src)) offenders.push(`${rel(f)} uses next/script`);
      const imported = /import\s*{([^}]*)}\s*from\s*["']next-seo["']/.exec(src)?.[1];
      for (const name of imported
        ?.split(",")
        .map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        )
        .filter(Boolean) ?? []) {
        if (new RegExp(`<${name}[\\s/>]`).test(src)) offenders.push(`${rel(f)} renders <${name}>`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
