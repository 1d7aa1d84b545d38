import { filterEventQueries, filterQuery, filterSpanQueries } from "./privacy";
import type { Event } from "@sentry/nextjs";

describe("query strings in reports keep paging and sorting only", () => {
  test("order keys, tokens and campaign tags are filtered, paging and sorting kept", () => {
    expect(filterQuery("/checkout/order/1001?key=wc_order_abc")).toBe("/checkout/order/1001?key=[Filtered]");
    expect(filterQuery("https://kaya-living.example/product-category/couches?page=2&sort=price&utm_source=x#top")).toBe(
      "https://kaya-living.example/product-category/couches?page=2&sort=price&utm_source=[Filtered]#top",
    );
    expect(filterQuery("/newsletter/unsubscribe?token=t1&token=t2")).toBe("/newsletter/unsubscribe?token=[Filtered]");
    expect(filterQuery("/product/eden-2-seater")).toBe("/product/eden-2-seater");
  });

  test("an event's page address, Next's request path, breadcrumbs and a replay's addresses", () => {
    const event = {
      type: "replay_event",
      request: { url: "https://kaya-living.example/checkout/order/7?key=SECRET", query_string: "key=SECRET&page=3" },
      contexts: { nextjs: { request_path: "/checkout/order/7?key=SECRET" } },
      breadcrumbs: [
        { category: "navigation", data: { from: "/cart", to: "/checkout/order/7?key=SECRET" } },
        { category: "fetch", data: { url: "/api/orders/7?key=SECRET", status_code: 200 } },
      ],
      urls: ["https://kaya-living.example/checkout/order/7?key=SECRET"],
    } as unknown as Event;
    const filtered = JSON.stringify(filterEventQueries(event));
    expect(filtered).not.toContain("SECRET");
    expect(filtered).toContain("page=3");
    expect(filtered).toContain('"from":"/cart"');
    expect(filtered).toContain('"status_code":200');
  });

  test("span attributes, plain or wrapped, keep their shape", () => {
    const span = {
      attributes: {
        "http.target": "/checkout/order/7?key=SECRET",
        "url.full": { value: "http://127.0.0.1:3200/checkout/order/7?key=SECRET&page=1", type: "string" },
        "http.method": "GET",
        "http.status_code": 200,
        "db.statement": "select * from orders where id = ? and key = ?",
      },
    };
    filterSpanQueries(span);
    expect(span.attributes["http.target"]).toBe("/checkout/order/7?key=[Filtered]");
    expect(span.attributes["url.full"]).toEqual({
      value: "http://127.0.0.1:3200/checkout/order/7?key=[Filtered]&page=1",
      type: "string",
    });
    expect(span.attributes["http.method"]).toBe("GET");
    expect(span.attributes["http.status_code"]).toBe(200);
    // Not an address: left alone.
    expect(span.attributes["db.statement"]).toBe("select * from orders where id = ? and key = ?");
  });
});
