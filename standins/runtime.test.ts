import { firstOf, Memory, webAddress } from "@/standins/runtime";

describe("stand-in helpers", () => {
  test("form fields named like an object's own properties are ordinary fields", () => {
    const fields = firstOf([
      ["constructor", "y"],
      ["toString", "z"],
      ["__proto__", "p"],
      ["amount", "1.00"],
      ["amount", "9.00"],
    ]);
    expect(fields.constructor).toBe("y");
    expect(fields.toString).toBe("z");
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields)).toEqual(["constructor", "toString", "__proto__", "amount"]);
    expect(fields.amount).toBe("1.00");
  });

  test("only http(s) addresses are places to send a shopper", () => {
    expect(webAddress("https://shop.example/checkout/order/1?key=k")).toBe(
      "https://shop.example/checkout/order/1?key=k",
    );
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "/relative", "", undefined, "vbscript:x"])
      expect(webAddress(bad)).toBeNull();
  });

  test("memory forgets on request", () => {
    const memory = new Memory();
    memory.remember("k", "1", { a: 1 });
    expect(memory.recall("k", "1")).toEqual({ a: 1 });
    expect(memory.recall("other", "1")).toBeNull();
    memory.forget("k", "1");
    expect(memory.recall("k", "1")).toBeNull();
  });
});
