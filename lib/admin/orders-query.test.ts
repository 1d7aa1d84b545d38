import { orderListQuery } from "@/lib/admin/orders";
import { parseListQuery } from "@/lib/admin/list/query";
import { validationError } from "@/lib/api/handler";

/** What the orders page says above the list when its address does not parse. */
const problemFor = (raw: Record<string, string>) => parseListQuery(orderListQuery, raw).problem;

/** What the orders call answers for the same parameters. */
function apiMessage(raw: Record<string, string>): string {
  const parsed = orderListQuery.safeParse(raw);
  if (parsed.success) throw new Error("expected the parameters to be refused");
  return validationError(parsed.error).message;
}

describe("the orders list's parameters", () => {
  test("good parameters parse; blank ones are no filter and the first page", () => {
    expect(orderListQuery.parse({ q: " 1042 ", status: "processing", page: "2" })).toMatchObject({
      q: "1042",
      status: "processing",
      page: 2,
    });
    expect(orderListQuery.parse({ q: "", status: "", method: "", from: "", to: "", page: "" })).toEqual({ page: 1 });
  });

  test.each([
    ["a page that is not a number", "abc"],
    ["a page with a fraction", "2.5"],
    ["page zero", "0"],
    ["a page below zero", "-3"],
  ])("%s is named with what a page must be, not in the validator's words", (_, page) => {
    expect(problemFor({ page })).toBe("The filter page must be a whole number from 1");
    expect(apiMessage({ page })).toBe("page: must be a whole number from 1");
  });

  test("a page past any list says its limit", () => {
    expect(problemFor({ page: "1e9" })).toBe("The filter page must be 100000 or less");
  });

  test.each([
    [{ status: "stolen" }, "The filter status must be one of the order statuses"],
    [{ method: "cheque" }, "The filter method must be one of the payment methods"],
    [{ q: "x".repeat(121) }, "The filter q must be 120 characters or fewer"],
    [{ from: "yesterday" }, "The filter from must be a date like 2026-11-23"],
    [{ to: "2026-02-30" }, "The filter to must be a real date"],
  ])("%o is refused in words naming the parameter", (raw, problem) => {
    expect(problemFor(raw)).toBe(problem);
  });
});
