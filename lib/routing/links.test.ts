import { checkLink } from "@/lib/routing/links";

describe("link safety", () => {
  test("paths inside the shop are fine", () => {
    expect(checkLink("/product/eden-2-seater")).toEqual({ ok: true, href: "/product/eden-2-seater", external: false });
    expect(checkLink("#reviews")).toMatchObject({ ok: true, external: false });
  });
  test("an outside address needs the external mark", () => {
    expect(checkLink("https://example.com/")).toEqual({ ok: false, reason: "external_not_allowed" });
    expect(checkLink("https://example.com/", { external: true })).toEqual({
      ok: true,
      href: "https://example.com/",
      external: true,
    });
    expect(checkLink("//evil.example/path")).toEqual({ ok: false, reason: "external_not_allowed" });
    expect(checkLink("/\\evil.example")).toMatchObject({ ok: false });
  });
  test("the shop's own absolute address becomes a path", () => {
    expect(checkLink("https://kaya.example/blog?page=2", { siteOrigin: "https://kaya.example" })).toEqual({
      ok: true,
      href: "/blog?page=2",
      external: false,
    });
  });
  test.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>x</script>",
    "vbscript:msgbox",
    "file:///etc/passwd",
  ])("%p is refused even when marked external", (href) => {
    expect(checkLink(href, { external: true })).toEqual({ ok: false, reason: "dangerous" });
  });
  test("mail and phone links are allowed", () => {
    expect(checkLink("mailto:hello@kaya-living.example")).toMatchObject({ ok: true });
    expect(checkLink("tel:0210000000")).toMatchObject({ ok: true });
  });
});
