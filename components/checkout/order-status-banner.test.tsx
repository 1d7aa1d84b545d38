/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { OrderStatusBanner } from "@/components/checkout/order-status-banner";
import type { ApiAddress, ApiOrder } from "@/lib/orders/types";

const address: ApiAddress = {
  first_name: "Thandi",
  last_name: "Mokoena",
  company: "",
  address_1: "12 Loop Street",
  address_2: "",
  city: "Cape Town",
  state: "Western Cape",
  postcode: "8001",
  country: "South Africa",
  email: "thandi@example.co.za",
  phone: "+27821234567",
};

const order = (over: Partial<ApiOrder>): ApiOrder => ({
  id: 1,
  number: "KL-100001",
  status: "on-hold",
  date_created: "2025-03-07T10:00:00.000Z",
  date_paid: null,
  pay_by: "2025-03-14T22:00:00.000Z",
  currency: "ZAR",
  payment_method: "bank-transfer",
  subtotal: "249900",
  discount_total: "0",
  shipping_total: "0",
  total: "249900",
  total_tax: "32596",
  coupon_code: null,
  item_count: 1,
  line_items: [],
  shipping: address,
  billing: address,
  date_dispatched: null,
  tracking_note: "",
  refunds: [],
  ...over,
});

const bank = {
  accountName: "Kaya Living",
  bankName: "Demo Bank",
  accountNumber: "0000000000",
  branchCode: "000000",
  reference: "KL-100001",
  demo: true,
};

describe("the order page's bank-transfer wording", () => {
  test("an order waiting for a transfer states the day to pay by", () => {
    render(<OrderStatusBanner order={order({})} bank={bank} />);
    expect(screen.getByTestId("bank-pay-by")).toHaveTextContent(
      "Please pay by Friday, 14 March 2025, or the order is cancelled.",
    );
  });

  test("an order cancelled at its deadline says why, with the date", () => {
    render(<OrderStatusBanner order={order({ status: "cancelled" })} bank={bank} />);
    expect(screen.getByTestId("order-status-banner")).toHaveTextContent(
      "Your payment did not reach us by Friday, 14 March 2025",
    );
    expect(screen.queryByText(/within an hour/)).toBeNull();
  });

  test("other methods keep their wording", () => {
    render(
      <OrderStatusBanner order={order({ status: "cancelled", payment_method: "payfast", pay_by: null })} bank={null} />,
    );
    expect(screen.getByTestId("order-status-banner")).toHaveTextContent("not received within an hour");
  });
});

describe("a paid order's wording follows it out of the workshop", () => {
  test("paid, it is in the workshop; dispatched, it is on its way, with the date and the courier's note", () => {
    const paid = order({ status: "processing", payment_method: "payfast", date_paid: "2025-03-07T10:05:00.000Z" });
    const { unmount } = render(<OrderStatusBanner order={paid} bank={null} />);
    expect(screen.getByText(/your order is in the workshop/)).toBeInTheDocument();
    unmount();
    render(
      <OrderStatusBanner
        order={{
          ...paid,
          date_dispatched: "2025-03-20T08:00:00.000Z",
          tracking_note: "The Courier Guy, waybill KL55012",
        }}
        bank={null}
      />,
    );
    expect(screen.getByText("Your order is on its way")).toBeInTheDocument();
    expect(
      screen.getByText(/It left our workshop on 20 March 2025\. The Courier Guy, waybill KL55012\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/in the workshop/)).toBeNull();
  });
});

describe("a pending order follows its latest payment attempt", () => {
  const view = (attempt: "cancelled" | "failed" | "waiting" | null) => ({
    attempt,
    provider: "PayFast",
    holdUntil: "14:35",
    waiting: <p>waiting text</p>,
    choices: <button type="button">Try again</button>,
  });
  const pending = order({ status: "pending", payment_method: "payfast", pay_by: null });

  test("a cancel at the gateway says so, with the hold time and the choices, and never says paid", () => {
    render(<OrderStatusBanner order={pending} bank={null} pending={view("cancelled")} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("You cancelled the payment");
    expect(screen.getByTestId("order-status-banner")).toHaveTextContent(/Nothing was taken.*until 14:35/);
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByTestId("order-status-banner")).not.toHaveTextContent(/paid/i);
  });

  test("a failed attempt names the provider; a waiting one shows the waiting text, not the choices", () => {
    const { unmount } = render(<OrderStatusBanner order={pending} bank={null} pending={view("failed")} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your payment did not go through");
    expect(screen.getByTestId("order-status-banner")).toHaveTextContent("PayFast did not take the payment");
    unmount();
    render(<OrderStatusBanner order={pending} bank={null} pending={view("waiting")} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("We are waiting to hear from PayFast");
    expect(screen.getByText("waiting text")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});
