/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { InstalmentEstimate } from "@/components/product/instalment-estimate";
import { instalmentEstimate, INSTALMENT_MAX_MONTHS, interestFreeInstalment } from "@/lib/money/instalments";
import { formatMoney } from "@/lib/money/money";

/** The lines under a product's price name only the instalment methods the shop offers. */
const PRICE = 1_499_900;
const spaced = (s: string) => s.replace(/\s+/g, " ");
const text = () => screen.queryByTestId("instalment-estimate")?.textContent?.replace(/\s+/g, " ") ?? null;

test("with both offered: FinChoice's monthly estimate and PayJustNow's payments", () => {
  render(<InstalmentEstimate priceCents={PRICE} offered={{ finchoice: true, payjustnow: true }} />);
  expect(text()).toContain(spaced(formatMoney(instalmentEstimate(PRICE, INSTALMENT_MAX_MONTHS).monthlyCents)));
  expect(text()).toContain("with FinChoice");
  expect(text()).toContain(spaced(`${formatMoney(interestFreeInstalment(PRICE))} with PayJustNow`));
});

test("with FinChoice alone: no word of PayJustNow", () => {
  render(<InstalmentEstimate priceCents={PRICE} offered={{ finchoice: true, payjustnow: false }} />);
  expect(text()).toContain("with FinChoice");
  expect(text()).not.toContain("PayJustNow");
});

test("with PayJustNow alone: its payments, no FinChoice estimate or months to choose", () => {
  render(<InstalmentEstimate priceCents={PRICE} offered={{ finchoice: false, payjustnow: true }} />);
  expect(text()).toMatch(/^Or pay in 3 interest-free payments of .* with PayJustNow\.$/);
  expect(screen.queryByRole("combobox")).toBeNull();
});

test("with neither: nothing", () => {
  render(<InstalmentEstimate priceCents={PRICE} offered={{ finchoice: false, payjustnow: false }} />);
  expect(text()).toBeNull();
});
