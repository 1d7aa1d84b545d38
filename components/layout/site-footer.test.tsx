/**
 * @jest-environment jsdom
 */
import { type render, screen, within } from "@testing-library/react";
import { readPublicEnv } from "@/lib/config/public";
import { setEnv } from "@/lib/config/set-env";

/**
 * The footer as built with these public settings (read when the modules load): a fresh module
 * registry, with React and the testing library from the same registry.
 */
const mounted: Array<ReturnType<typeof render>> = [];

function footerWith(env: Record<string, string>) {
  const restore = setEnv(env);
  try {
    let result: ReturnType<typeof render> | undefined;
    jest.isolateModules(() => {
      const { SiteFooter } = jest.requireActual<typeof import("@/components/layout/site-footer")>(
        "@/components/layout/site-footer",
      );
      // The "pure" entry: it registers no test hooks of its own.
      const rtl = jest.requireActual<typeof import("@testing-library/react")>("@testing-library/react/pure");
      const { createElement } = jest.requireActual<typeof import("react")>("react");
      result = rtl.render(createElement(SiteFooter));
    });
    mounted.push(result!);
    return result!;
  } finally {
    restore();
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
    expect(screen.getByRole("link", { name: "hello@kaya-living.example" })).toHaveAttribute(
      "href",
      "mailto:hello@kaya-living.example",
    );
  });

  test("configured social pages open safely in a new tab; the X link comes from the twitter handle", () => {
    footerWith({
      NEXT_PUBLIC_INSTAGRAM_URL: "https://www.instagram.com/kayaliving",
      NEXT_PUBLIC_TWITTER_HANDLE: "@kayaliving",
    });
    const social = within(screen.getByTestId("social-links"));
    const instagram = social.getByRole("link", { name: "Instagram (opens in a new tab)" });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/kayaliving");
    expect(instagram).toHaveAttribute("target", "_blank");
    expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
    expect(social.getByRole("link", { name: "X (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://x.com/kayaliving",
    );
    expect(social.queryByText("Facebook")).toBeNull();
  });

  // The build and the server's start refuse it by name; a bundle made anyway leaves it out.
  test("a dangerous address in configuration is refused and not linked", () => {
    const dangerous = "javascript:alert(document.cookie)";
    expect(readPublicEnv({ NEXT_PUBLIC_FACEBOOK_URL: dangerous }).problems).toEqual([
      { variable: "NEXT_PUBLIC_FACEBOOK_URL", message: "must be an https:// address" },
    ]);
    footerWith({
      NEXT_PUBLIC_FACEBOOK_URL: dangerous,
      NEXT_PUBLIC_INSTAGRAM_URL: "https://www.instagram.com/kayaliving",
    });
    const social = within(screen.getByTestId("social-links"));
    expect(social.getByText("Instagram").closest("a")).not.toBeNull();
    expect(social.queryByText("Facebook")).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });
});

describe("footer trust details", () => {
  afterEach(() => {
    for (const m of mounted.splice(0)) m.unmount();
    document.body.innerHTML = "";
    jest.useRealTimers();
  });

  test("the company, its numbers, showroom and hours come from configuration", () => {
    footerWith({
      NEXT_PUBLIC_COMPANY_NAME: "Kaya Furniture Works (Pty) Ltd",
      NEXT_PUBLIC_COMPANY_REGISTRATION: "2015/987654/07",
      NEXT_PUBLIC_VAT_NUMBER: "4987654321",
      NEXT_PUBLIC_SHOWROOM_ADDRESS: "3 Main Road, Paarl, 7646",
      NEXT_PUBLIC_OPENING_HOURS: "Tue–Sat 09:00–16:00",
    });
    const details = screen.getByTestId("company-details");
    expect(details).toHaveTextContent("Kaya Furniture Works (Pty) Ltd · Reg. no. 2015/987654/07 · VAT no. 4987654321");
    expect(details).toHaveTextContent("Workshop and showroom: 3 Main Road, Paarl, 7646");
    expect(details).toHaveTextContent("Open: Tue–Sat 09:00–16:00");
  });

  test("payment methods are badges in a list, and the year is today's", () => {
    jest.useFakeTimers({ now: new Date("2031-03-04T10:00:00+02:00"), doNotFake: ["queueMicrotask"] });
    footerWith({});
    const methods = within(screen.getByRole("list", { name: "Payment methods we accept" })).getAllByRole("listitem");
    expect(methods.map((m) => m.textContent)).toEqual(["PayFast", "Bank transfer", "FinChoice", "PayJustNow", "Ozow"]);
    const year = screen.getByTestId("copyright-year");
    expect(year).toHaveTextContent("2031");
    expect(year.closest("p")).toHaveTextContent(/^© 2031 Kaya Living\./);
    expect(document.body).not.toHaveTextContent("2024");
  });
});
