/**
 * @jest-environment jsdom
 */
import { render, screen } from "@testing-library/react";
import { SafeLink } from "@/components/ui/safe-link";
import { SITE } from "@/lib/config/site";

describe("SafeLink", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test("a shop path is an ordinary link in the same tab", () => {
    render(
      <SafeLink href="/product/eden-2-seater" className="underline">
        Eden 2 Seater
      </SafeLink>,
    );
    const link = screen.getByRole("link", { name: "Eden 2 Seater" });
    expect(link).toHaveAttribute("href", "/product/eden-2-seater");
    expect(link).toHaveClass("underline");
    expect(link).not.toHaveAttribute("target");
    expect(link).not.toHaveAttribute("rel");
  });

  test("the shop's own absolute address becomes a path", () => {
    render(<SafeLink href={`${SITE.canonicalUrl}/blog?page=2`}>Journal</SafeLink>);
    expect(screen.getByRole("link", { name: "Journal" })).toHaveAttribute("href", "/blog?page=2");
  });

  test("another site is refused unless marked external; its words stay as text", () => {
    render(
      <p data-testid="para">
        Read <SafeLink href="https://elsewhere.example/">the review</SafeLink> today.
      </p>,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("para")).toHaveTextContent("Read the review today.");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("external_not_allowed"));
  });

  test("marked external: new tab, noopener noreferrer, and a word for screen readers", () => {
    render(
      <SafeLink href="https://inforeg.org.za" external rel="nofollow">
        Information Regulator
      </SafeLink>,
    );
    const link = screen.getByRole("link", { name: "Information Regulator (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://inforeg.org.za/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")!.split(" ").sort()).toEqual(["nofollow", "noopener", "noreferrer"]);
  });

  test("an external link can stay in the same tab", () => {
    render(
      <SafeLink href="https://inforeg.org.za" external newTab={false}>
        Regulator
      </SafeLink>,
    );
    const link = screen.getByRole("link", { name: "Regulator" });
    expect(link).not.toHaveAttribute("target");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("mail and phone links need no mark and open no tab", () => {
    render(
      <>
        <SafeLink href="mailto:hello@kaya-living.example">E-mail us</SafeLink>
        <SafeLink href="tel:0210000000">Call us</SafeLink>
      </>,
    );
    expect(screen.getByRole("link", { name: "E-mail us" })).toHaveAttribute("href", "mailto:hello@kaya-living.example");
    expect(screen.getByRole("link", { name: "Call us" })).not.toHaveAttribute("target");
  });

  test("dangerous protocols are refused even when marked external", () => {
    const hrefs = [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
    ];
    for (const href of hrefs) {
      const { container, unmount } = render(
        <SafeLink href={href} external>
          Click me
        </SafeLink>,
      );
      expect([href, container.querySelector("a")]).toEqual([href, null]);
      expect(container).toHaveTextContent("Click me");
      unmount();
    }
    expect(warn).toHaveBeenCalledTimes(hrefs.length);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("dangerous"));
  });

  test("a path the redirect manifest moves links straight to its new address, keeping query and anchor", () => {
    render(<SafeLink href="/product-category/sleepers?sort=price-asc#grid">Sleepers</SafeLink>);
    expect(screen.getByRole("link", { name: "Sleepers" })).toHaveAttribute(
      "href",
      "/product-category/sleeper-couches?sort=price-asc#grid",
    );
  });

  test("a path the manifest sends to another site stays a plain link (a full navigation), in the same tab", () => {
    render(<SafeLink href="/whatsapp">WhatsApp us</SafeLink>);
    const link = screen.getByRole("link", { name: "WhatsApp us" });
    expect(link).toHaveAttribute("href", "/whatsapp");
    expect(link).not.toHaveAttribute("target");
  });
});
