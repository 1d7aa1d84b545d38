import { z } from "zod";
import { filtersOf, pageParam, parseListQuery, pickParams, sortParam } from "@/lib/admin/list/query";
import { listHref, pageHref, sortHref } from "@/lib/admin/list/href";

const schema = z.object({
  q: z.string().trim().max(20).optional(),
  state: z.enum(["open", "closed"]).optional(),
  page: pageParam,
});

describe("parsing a list's search parameters", () => {
  test("good parameters give the typed query, and the list's own parameters to keep", () => {
    const { query, params, problem } = parseListQuery(schema, { q: " sofa ", state: "open", page: "3", other: "x" });
    expect(query).toEqual({ q: "sofa", state: "open", page: 3 });
    expect({ ...params }).toEqual({ q: " sofa ", state: "open", page: "3" });
    expect(problem).toBeNull();
  });

  test("no parameters give the defaults: the first page, no filter", () => {
    expect(parseListQuery(schema, {}).query).toEqual({ page: 1 });
  });

  test.each([
    ["a page that is not a number", { page: "abc" }, "The filter page must be a whole number from 1"],
    ["page zero", { page: "0" }, "The filter page "],
    ["a page past the end of any list", { page: "1e9" }, "The filter page "],
    ["a state the list does not know", { state: "<script>" }, "The filter state "],
    ["an over-long search", { q: "x".repeat(500) }, "The filter q "],
  ])("%s falls back to the defaults and says which filter was wrong", (_, raw, start) => {
    const { query, params, problem } = parseListQuery(schema, { ...raw, q2: "kept?" });
    expect(query).toEqual({ page: 1 });
    expect({ ...params }).toEqual({});
    expect(problem?.startsWith(start)).toBe(true);
  });

  test("a repeated parameter counts once, by its first value", () => {
    expect(parseListQuery(schema, { state: ["closed", "open"], page: ["2", "9"] }).query).toEqual({
      state: "closed",
      page: 2,
    });
  });

  test("a fallback keeps the parameters that pick the list, such as its tab", () => {
    const { params } = parseListQuery(schema, { tab: "messages", page: "-1" }, { keep: ["tab"] });
    expect({ ...params }).toEqual({ tab: "messages" });
  });

  test("hostile keys stay data: no prototype to reach through", () => {
    const params = pickParams(JSON.parse('{"__proto__": "x", "constructor": "y"}'), ["__proto__", "constructor", "q"]);
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(params.__proto__).toBe("x");
    expect(params.constructor).toBe("y");
  });

  test("a sort parameter: a known key up or down, anything else the default", () => {
    const sort = z.object({ sort: sortParam(["placed", "total"], { key: "placed", direction: "desc" }) });
    expect(parseListQuery(sort, { sort: "total" }).query.sort).toEqual({ key: "total", direction: "asc" });
    expect(parseListQuery(sort, { sort: "-total" }).query.sort).toEqual({ key: "total", direction: "desc" });
    expect(parseListQuery(sort, { sort: "password" }).query.sort).toEqual({ key: "placed", direction: "desc" });
    expect(parseListQuery(sort, {}).query.sort).toEqual({ key: "placed", direction: "desc" });
  });

  test("the filters alone are the query without its page", () => {
    expect(filtersOf({ q: "sofa", state: undefined, page: 4, format: "json" }, ["page", "format"])).toEqual({
      q: "sofa",
      state: undefined,
    });
  });
});

describe("a list's links", () => {
  const params = { q: "oak chair", state: "open", page: "3" };

  test("a page link keeps the other parameters, and page 1 has no page", () => {
    expect(pageHref("/admin/orders", params, 4)).toBe("/admin/orders?q=oak+chair&state=open&page=4");
    expect(pageHref("/admin/orders", params, 1)).toBe("/admin/orders?q=oak+chair&state=open");
  });

  test("changing a filter goes back to the first page; undefined or empty takes a parameter away", () => {
    expect(listHref("/admin/reviews", params, { state: "closed" })).toBe("/admin/reviews?q=oak+chair&state=closed");
    expect(listHref("/admin/reviews", params, { state: undefined, q: "" })).toBe("/admin/reviews");
  });

  test("values are encoded, so a parameter cannot smuggle in another", () => {
    expect(listHref("/admin/orders", { q: "a&page=9#x" }, {})).toBe("/admin/orders?q=a%26page%3D9%23x");
  });

  test("a sort link sorts up first, and down when the column is already up", () => {
    expect(sortHref("/admin/orders", params, { key: "placed", direction: "desc" }, "total")).toBe(
      "/admin/orders?q=oak+chair&state=open&sort=total",
    );
    expect(sortHref("/admin/orders", {}, { key: "total", direction: "asc" }, "total")).toBe(
      "/admin/orders?sort=-total",
    );
  });
});
