/**
 * @jest-environment jsdom
 */
import { type render, screen, within } from "@testing-library/react";

/**
 * The footer as built with these public settings (read when the modules load): a fresh module
 * registry, with React and the testing library from the same registry.
 */
const mounted: Array<ReturnType<typeof render>> = [];

function footerWith(env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let result: ReturnType<typeof render> | undefined;
    jest.isolateModules(() => {
      const { SiteFooter } = jest.requireActual<typeof import("@/components/layout/site-footer")>("@/components/layout/site-footer");
      // The "pure" entry: it registers no test hooks of its own.
      const rtl = jest.requireActual<typeof import("@testing-library/react")>("@testing-library/react/pure");
      const { createElement } = jest.requireActual<typeof import("react")>("react");
      result = rtl.render(createElement(SiteFooter));
    });
    mounted.push(result!);
    return result!;
  } finally {
    process.env = saved;
  }
}

describe("footer links", () => {
  afterEach(() => {
    for (const m of mounted.splice(0)) m.unmount();
    document.body.innerHTML = "";
  });

  test("no social links unless configured; shop links stay in the tab", () => {
    footerWith({});
    expect(screen.queryByTestId("social-links")).toBeNull();
    const help = screen.getByRole("navigation", { name: "Help" });
    const faqs = within(help).getByRole("link", { name: "FAQs" });
    expect(faqs).toHaveAttribute("href", "/info/faqs");
    expect(faqs).not.toHaveAttribute("target");
    expect(screen.getByRole("link", { name: "hello@kaya-living.example" })).toHaveAttribute("href", "mailto:hello@kaya-living.example");
  });

  test("configured social pages open safely in a new tab; the X link comes from the twitter handle", () => {
    footerWith({ NEXT_PUBLIC_INSTAGRAM_URL: "https://www.instagram.com/kayaliving", NEXT_PUBLIC_TWITTER_HANDLE: "@kayaliving" });
    const social = within(screen.getByTestId("social-links"));
    const instagram = social.getByRole("link", { name: "Instagram (opens in a new tab)" });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/kayaliving");
    expect(instagram).toHaveAttribute("target", "_blank");
    expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
    expect(social.getByRole("link", { name: "X (opens in a new tab)" })).toHaveAttribute("href", "https://x.com/kayaliving");
    expect(social.queryByText("Facebook")).toBeNull();
  });

  test("a dangerous address in configuration is not linked", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    footerWith({ NEXT_PUBLIC_FACEBOOK_URL: "javascript:alert(document.cookie)" });
    const social = within(screen.getByTestId("social-links"));
    expect(social.getByText("Facebook").closest("a")).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("dangerous"));
    warn.mockRestore();
  });
});
