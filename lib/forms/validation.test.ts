import { firstMissing, isTicked, isValidEmail, isValidMessage, isValidName, normalisePhone, text } from "@/lib/forms/validation";
import { isProvince } from "@/lib/forms/provinces";

describe("form checks", () => {
  test.each([
    ["Nomvula", true],
    ["Jansen van Rensburg", true],
    ["Anne-Marie O'Connor", true],
    ["J. du Plessis", true],
    ["Zoë Müller", true],
    ["J", false],
    ["12345", false],
    ["<script>", false],
    ["Bob123", false],
    ["x".repeat(81), false],
  ])("name %p -> %p", (name, ok) => expect(isValidName(name)).toBe(ok));

  test.each([
    ["082 555 0123", "0825550123"],
    ["(021) 000-0000", "0210000000"],
    ["+27 82 555 0123", "0825550123"],
    ["27825550123", "0825550123"],
    ["12345", null],
    ["+44 20 7946 0958", null],
    ["082 555 012", null],
  ])("phone %p -> %p", (raw, expected) => expect(normalisePhone(raw)).toBe(expected));

  test("e-mail, message, checkbox and province", () => {
    expect(isValidEmail("thandi@example.co.za")).toBe(true);
    expect(isValidEmail("thandi@")).toBe(false);
    expect(isValidEmail(`${"a".repeat(250)}@x.co`)).toBe(false);
    expect(isValidMessage("Ten letters here", { min: 10, max: 50 })).toBe(true);
    expect(isValidMessage("1234567890!!", { min: 10, max: 50 })).toBe(false);
    expect([true, "on", "true", "1", "YES"].every(isTicked)).toBe(true);
    expect([false, "off", "", undefined, 0, "no"].some(isTicked)).toBe(false);
    expect(isProvince("KwaZulu-Natal")).toBe(true);
    expect(isProvince("kwazulu-natal")).toBe(false);
  });

  test("values that are not text count as empty", () => {
    expect(text({})).toBe("");
    expect(text(["a"])).toBe("");
    expect(text(4)).toBe("4");
    expect(text("  hi ")).toBe("hi");
    expect(firstMissing({ a: "x", b: " " }, ["a", "b"])).toEqual({ field: "b", message: "Please complete all fields" });
    expect(firstMissing({ a: "x" }, ["a"])).toBeNull();
  });
});
