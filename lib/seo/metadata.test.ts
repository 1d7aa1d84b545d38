import { pageMetadata, fullTitle } from "@/lib/seo/metadata";

const og = (m: ReturnType<typeof pageMetadata>) => m.openGraph as Record<string, unknown>;

describe("pageMetadata", () => {
  test("title is page title, separator, site name; Open Graph repeats the site-wide fields", () => {
    const m = pageMetadata({
      title: "Couches",
      description: "Two and three seaters.",
      path: "/product-category/couches",
    });
    expect(m.title).toEqual({ absolute: "Couches | Kaya Living" });
    expect(og(m)).toMatchObject({
      type: "website",
      locale: "en_ZA",
      siteName: "Kaya Living",
      title: "Couches | Kaya Living",
      description: "Two and three seaters.",
      url: "/product-category/couches",
    });
    expect(m.twitter).toMatchObject({ card: "summary_large_image", title: "Couches | Kaya Living" });
    expect(m.robots).toBeUndefined();
  });

  test("the canonical link keeps whitelisted parameters and drops tracking ones", () => {
    const m = pageMetadata({
      title: "Couches",
      path: "/product-category/couches/",
      searchParams: { sort: "price-asc", page: "2", utm_source: "mail", fbclid: "x", gclid: "y", fabric: "Oat" },
    });
    expect(m.alternates?.canonical).toBe("/product-category/couches?page=2&sort=price-asc");
    expect(og(m).url).toBe("/product-category/couches?page=2&sort=price-asc");
  });

  test("a page without its own picture shares the shop's; one with a picture uses it", () => {
    expect(og(pageMetadata({ title: "FAQs", path: "/info/faqs" })).images).toEqual([
      expect.objectContaining({ url: "/og.png", width: 1200, height: 630 }),
    ]);
    const product = pageMetadata({
      title: "Eden",
      path: "/product/eden",
      image: { url: "/og/product/eden", alt: "Eden" },
    });
    expect(og(product).images).toEqual([expect.objectContaining({ url: "/og/product/eden", alt: "Eden" })]);
    expect((product.twitter as { images: unknown }).images).toEqual(og(product).images);
  });

  test("private pages are noindex", () => {
    expect(pageMetadata({ title: "Cart", path: "/cart", noindex: true }).robots).toEqual({
      index: false,
      follow: false,
    });
  });

  test("the home page's title follows the same pattern", () => {
    expect(fullTitle()).toBe("Couches made in South Africa, delivered free | Kaya Living");
  });
});
