/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { EMPTY_CART } from "@/components/cart/use-cart";
import { checkoutSchema } from "@/lib/orders/checkout-schema";
import { checkoutRefusalMessage } from "@/lib/orders/checkout-fields";
import { instalmentEstimate } from "@/lib/money/instalments";
import { formatMoney } from "@/lib/money/money";
import { useCustomerStore } from "@/stores/customer";
import { useToastStore } from "@/stores/toast";
import type { ServerCart } from "@/lib/cart/types";
import type { ApiError } from "@/lib/api/errors";
import { SITE } from "@/lib/config/site";
import { orderValueRefusal, tooManyUnpaidError } from "@/lib/orders/order-limits";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));

/*
 * The checkout form as the shopper meets it. The network answers the checkout call the way the
 * server does, with the server's own schema, so the messages on screen are the server's.
 */
const TOTAL = 1299900;
const cart: ServerCart = {
  ...EMPTY_CART,
  cart_key: "k",
  item_count: 1,
  items: [
    {
      item_key: "line-1",
      id: 7,
      variation_id: null,
      name: "Karoo Couch",
      slug: "karoo-couch",
      sku: "KAR",
      image: "/images/karoo.svg",
      picture: { src: "/images/karoo.svg", alt: "Karoo Couch", width: 800, height: 600 },
      category: "couches",
      variation: {},
      quantity: { value: 1, max_purchase: 10 },
      price: String(TOTAL),
      price_regular: String(TOTAL),
      totals: { subtotal: String(TOTAL), discount: "0", total: String(TOTAL) },
    },
  ],
  totals: { ...EMPTY_CART.totals, subtotal: String(TOTAL), total: String(TOTAL), vat_total: "169552" },
};

const methods = [
  { method: "payfast", label: "PayFast", description: "Card or EFT" },
  { method: "finchoice", label: "FinChoice", description: "Monthly instalments" },
  { method: "payjustnow", label: "PayJustNow", description: "3 interest-free payments" },
];

let sent: Array<Record<string, unknown>> = [];
/** A refusal the server gives a valid form (an order over a limit), by payment method. */
let refuse: (body: Record<string, unknown>) => ApiError | null = () => null;

function serverAnswer(body: Record<string, unknown>): { status: number; body: unknown } {
  const r = checkoutSchema.safeParse(body);
  const refused = r.success ? refuse(body) : null;
  if (refused)
    return {
      status: refused.status,
      body: {
        status: refused.status,
        code: refused.code,
        message: refused.message,
        data: { ...refused.data, status: refused.status },
      },
    };
  if (r.success)
    return { status: 201, body: { order: { id: 1 }, order_url: "/checkout/order/1", next: { kind: "page" } } };
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return {
    status: 400,
    body: {
      status: 400,
      code: "invalid_params",
      message: checkoutRefusalMessage(Object.values(fields)),
      data: { status: 400, fields },
    },
  };
}

beforeEach(() => {
  sent = [];
  refuse = () => null;
  useToastStore.setState({ toasts: [] });
  useCustomerStore.setState({ customer: null });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const answer =
      url.pathname === "/api/checkout"
        ? serverAnswer(sent[sent.push(JSON.parse(String(init!.body))) - 1]!)
        : { status: 200, body: cart };
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
});

async function openCheckout(offered = methods) {
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CheckoutForm methods={offered} />
    </SWRConfig>,
  );
  const pay = await screen.findByTestId("pay-now");
  return { user, pay };
}

const summary = () => screen.getByTestId("error-summary");
const summaryItems = () =>
  within(summary())
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("the checkout form", () => {
  test("the Pay button shows the server's total, and no province is chosen for the shopper", async () => {
    const { pay } = await openCheckout();
    expect(pay.textContent).toBe(`Pay ${formatMoney(TOTAL)}`);
    expect(pay.textContent).toBe("Pay R\u00a012\u00a0999,00");
    expect(screen.getByLabelText("Province")).toHaveValue("");
  });

  test("an empty Pay lists every problem at the top, focuses the first field and sends no notification", async () => {
    const { user, pay } = await openCheckout();
    await user.click(pay);
    await waitFor(() => expect(summary()).toBeInTheDocument());
    expect(summary()).toHaveAttribute("role", "alert");
    expect(summaryItems()).toEqual([
      "Enter your e-mail address",
      "Enter your phone number",
      "Enter your first name",
      "Enter your last name",
      "Enter your street address",
      "Enter your city or town",
      "Enter a 4-digit postcode",
      "Choose your province",
    ]);
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("error-email")).toHaveTextContent("Enter your e-mail address");
    expect(screen.getByTestId("error-shipping-Province")).toHaveTextContent("Choose your province");
    expect(useToastStore.getState().toasts).toEqual([]);
    // Nothing on the page names a field the way the call does.
    expect(document.body.textContent).not.toMatch(/email:|shipping\.|Invalid/);
    expect(sent).toHaveLength(1);
  });

  test("a summary link moves focus to its field", async () => {
    const { user, pay } = await openCheckout();
    await user.click(pay);
    await user.click(await within(await screen.findByTestId("error-summary")).findByText("Enter a 4-digit postcode"));
    expect(screen.getByLabelText("Postcode")).toHaveFocus();
  });

  test("a field's message goes as soon as the field is right, and the others stay", async () => {
    const { user, pay } = await openCheckout();
    await user.click(pay);
    await screen.findByTestId("error-summary");

    await user.type(screen.getByLabelText("Email"), "thandi@");
    // Still wrong while typing: the message stays until the field is left.
    expect(screen.getByTestId("error-email")).toHaveTextContent("Enter your e-mail address");
    await user.tab();
    expect(screen.getByTestId("error-email")).toHaveTextContent("Enter an e-mail address like name@example.co.za");
    await user.type(screen.getByLabelText("Email"), "example.co.za");
    expect(screen.queryByTestId("error-email")).toBeNull();
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");

    await user.type(screen.getByLabelText("Postcode"), "80");
    expect(screen.getByTestId("error-shipping-Postcode")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Postcode"), "01");
    expect(screen.queryByTestId("error-shipping-Postcode")).toBeNull();

    await user.selectOptions(screen.getByLabelText("Province"), "Gauteng");
    expect(screen.queryByTestId("error-shipping-Province")).toBeNull();

    expect(summaryItems()).toEqual([
      "Enter your phone number",
      "Enter your first name",
      "Enter your last name",
      "Enter your street address",
      "Enter your city or town",
    ]);

    // The server still decides: the next answer shows what it finds, fixed fields included.
    await user.click(pay);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      email: "thandi@example.co.za",
      shipping: { Postcode: "8001", Province: "Gauteng" },
    });
    await waitFor(() => expect(screen.getByLabelText("Mobile number")).toHaveFocus());
    expect(summaryItems()[0]).toBe("Enter your phone number");
  });

  test("a filled form goes to the server and leaves no message", async () => {
    const { user, pay } = await openCheckout();
    await user.type(screen.getByLabelText("Email"), "thandi@example.co.za");
    await user.type(screen.getByLabelText("Mobile number"), "082 123 4567");
    await user.type(screen.getByLabelText("First name"), "Thandi");
    await user.type(screen.getByLabelText("Last name"), "Mokoena");
    await user.type(screen.getByLabelText("Street address"), "12 Loop Street");
    await user.type(screen.getByLabelText("City or town"), "Cape Town");
    await user.type(screen.getByLabelText("Postcode"), "8001");
    await user.selectOptions(screen.getByLabelText("Province"), "Western Cape");
    await act(async () => user.click(pay));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ expectedTotal: TOTAL, shipping: { Province: "Western Cape" } });
    expect(screen.queryByTestId("error-summary")).toBeNull();
  });

  test("the instalment methods show their monthly amounts beside them, and checkout has a promo field", async () => {
    await openCheckout();
    const finchoice = screen.getByRole("radio", { name: /FinChoice/ }).closest("label")!;
    const payjustnow = screen.getByRole("radio", { name: /PayJustNow/ }).closest("label")!;
    expect(within(finchoice).getByTestId("method-monthly").textContent).toBe(
      `about ${formatMoney(instalmentEstimate(TOTAL, 12).monthlyCents)} a month`,
    );
    expect(within(payjustnow).getByTestId("method-monthly").textContent).toBe(
      `3 × ${formatMoney(433300)} interest-free`,
    );
    expect(screen.getByRole("textbox", { name: "Promo code" })).toBeInTheDocument();
  });
});

describe("an order over one of the limits", () => {
  const withBank = [{ method: "bank-transfer", label: "Direct bank transfer", description: "EFT" }, ...methods];

  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("Email"), "thandi@example.co.za");
    await user.type(screen.getByLabelText("Mobile number"), "082 123 4567");
    await user.type(screen.getByLabelText("First name"), "Thandi");
    await user.type(screen.getByLabelText("Last name"), "Mokoena");
    await user.type(screen.getByLabelText("Street address"), "12 Loop Street");
    await user.type(screen.getByLabelText("City or town"), "Cape Town");
    await user.type(screen.getByLabelText("Postcode"), "8001");
    await user.selectOptions(screen.getByLabelText("Province"), "Western Cape");
  }

  test("too large for a bank transfer: said beside Pay with the ways on, no notification; paying by card takes it away", async () => {
    refuse = (body) => orderValueRefusal(15_000_000, body.paymentMethod as "bank-transfer");
    const { user, pay } = await openCheckout(withBank);
    await fillIn(user);
    await act(async () => user.click(pay));
    const notice = await screen.findByTestId("order-limit");
    expect(notice).toHaveAttribute("role", "alert");
    expect(within(notice).getByTestId("order-limit-message").textContent).toBe(
      orderValueRefusal(15_000_000, "bank-transfer")!.message,
    );
    expect(within(notice).getByRole("link", { name: `Call ${SITE.phone}` })).toHaveAttribute(
      "href",
      `tel:${SITE.phone.replace(/\s+/g, "")}`,
    );
    expect(within(notice).getByRole("link", { name: `E-mail ${SITE.email}` })).toHaveAttribute(
      "href",
      `mailto:${SITE.email}`,
    );
    expect(screen.queryByTestId("error-summary")).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);

    await user.click(within(notice).getByRole("button", { name: "Pay by card or instant EFT" }));
    expect(screen.getByRole("radio", { name: /PayFast/ })).toBeChecked();
    expect(screen.queryByTestId("order-limit")).toBeNull();
    await act(async () => user.click(pay));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ paymentMethod: "payfast" });
  });

  test("too many unpaid orders: a customer is shown the way to their orders", async () => {
    refuse = () => tooManyUnpaidError("customer", 3, "/my-account/orders");
    const { user, pay } = await openCheckout(withBank);
    await fillIn(user);
    await act(async () => user.click(pay));
    const notice = await screen.findByTestId("order-limit");
    expect(within(notice).getByTestId("order-limit-message").textContent).toMatch(
      /^You already have 3 orders waiting for payment\./,
    );
    expect(within(notice).getByRole("link", { name: "See your orders" })).toHaveAttribute("href", "/my-account/orders");
    expect(within(notice).queryByRole("button", { name: "Pay by card or instant EFT" })).toBeNull();
  });
});
