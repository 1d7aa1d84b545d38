import {
  ACCOUNT_ORDER_PAGE,
  CHECKOUT_ORDER_PAGE,
  accountOrderPath,
  orderPagePath,
  orderPageUrl,
} from "@/lib/orders/urls";

describe("order addresses", () => {
  const order = { id: 1042, orderKey: "wc_order_a+b/c" };

  test("the link in e-mails and gateway returns carries the key, encoded, and is guarded as an order page", () => {
    expect(orderPagePath(order)).toBe("/checkout/order/1042?key=wc_order_a%2Bb%2Fc");
    expect(orderPageUrl(order, "https://kaya.example")).toBe(
      "https://kaya.example/checkout/order/1042?key=wc_order_a%2Bb%2Fc",
    );
    const { pathname, searchParams } = new URL(orderPageUrl(order, "https://kaya.example"));
    expect(CHECKOUT_ORDER_PAGE.exec(pathname)?.[1]).toBe("1042");
    expect(searchParams.get("key")).toBe(order.orderKey);
  });

  test("the account's order link is guarded as the account's order page, with or without a trailing slash", () => {
    expect(accountOrderPath(1042)).toBe("/my-account/view-order/1042");
    expect(ACCOUNT_ORDER_PAGE.exec(accountOrderPath("KL-1042"))?.[1]).toBe("KL-1042");
    expect(ACCOUNT_ORDER_PAGE.test("/my-account/view-order/1042/")).toBe(true);
    expect(ACCOUNT_ORDER_PAGE.test("/my-account/view-order/1042/extra")).toBe(false);
    expect(CHECKOUT_ORDER_PAGE.test("/checkout/order")).toBe(false);
  });
});
