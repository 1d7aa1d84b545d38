import { auditActionWords, auditFieldWords, auditKindWords, auditValueWords } from "@/lib/admin/audit-words";

describe("the audit log in words", () => {
  test("says what was done to what", () => {
    expect(auditActionWords("order.refund", "order", "1042")).toBe("Refunded order 1042");
    expect(auditActionWords("order.mark-paid", "order", "7")).toBe("Marked paid order 7");
    expect(auditActionWords("settings.update", "settings", "bank-account")).toBe(
      "Changed the settings: Bank account for transfers",
    );
    expect(auditActionWords("settings.update", "settings", "payment-methods")).toBe(
      "Changed the settings: Payment methods",
    );
    expect(auditActionWords("fabric_family.update", "fabric_family", "Velvet")).toBe("Changed fabric family Velvet");
    expect(auditActionWords("list.read", "newsletter_subscribers", "")).toBe(
      "Opened the list of newsletter subscribers",
    );
    expect(auditActionWords("export.csv", "orders", "")).toBe("Exported orders");
    expect(auditKindWords("swatch_request")).toBe("swatch request");
    // An action it has no words for is still said, from its own name.
    expect(auditActionWords("product.re-home", "product", "3")).toBe("Re home product 3");
  });

  test("names fields in words and says money in rand and moments in South African time", () => {
    expect(auditFieldWords("salePriceCents")).toBe("Sale price");
    expect(auditFieldWords("restockWeeks")).toBe("Restock weeks");
    expect(auditFieldWords("colour_words")).toBe("Colour words");
    expect(auditValueWords("salePriceCents", 1_499_900).replace(/\s/g, " ")).toBe("R 14 999,00");
    expect(auditValueWords("refund", 10_050).replace(/\s/g, " ")).toBe("R 100,50");
    // 10:30 UTC is 12:30 in South Africa.
    expect(auditValueWords("publishAt", "2026-12-01T10:30:00.000Z")).toContain("12:30");
    expect(auditValueWords("published", true)).toBe("Yes");
    expect(auditValueWords("offered", ["payfast", "bank-transfer"])).toBe("payfast, bank-transfer");
    expect(auditValueWords("filter", { q: "thandi", page: 2 })).toBe("Q: thandi; Page: 2");
    expect(auditValueWords("note", "")).toBe("—");
    expect(auditValueWords("stock", 4)).toBe("4");
  });
});
