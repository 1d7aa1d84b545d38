import { firstMissing, isTicked, isValidEmail, isValidMessage, isValidName, text } from "@/lib/forms/validation";
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
