import { addressSchema, normaliseSaPhone } from "@/lib/orders/address";

describe("South African phone numbers", () => {
  test.each([
    ["082 123 4567", "+27821234567"],
    ["0821234567", "+27821234567"],
    ["+27 82 123 4567", "+27821234567"],
    ["27821234567", "+27821234567"],
    ["0027 82 123 4567", "+27821234567"],
    ["(021) 000-1234", "+27210001234"],
  ])("%s is %s", (input, e164) => expect(normaliseSaPhone(input)).toBe(e164));

  test.each(["12345", "082 123 456", "+44 20 7946 0958", "0082 123 4567", "+270821234567", "phone"])("%s is refused", (input) => {
    expect(normaliseSaPhone(input)).toBeNull();
  });
});

describe("address", () => {
  const good = { FirstName: "Thandi", LastName: "Mokoena", StreetAddress1: "12 Loop Street", City: "Cape Town", Province: "Western Cape", Postcode: "8001" };
  test("a South African address with a 4-digit postcode", () => {
    expect(addressSchema.parse(good)).toMatchObject({ ...good, Country: "South Africa", CompanyName: "", StreetAddress2: "" });
  });
  test("postcodes keep their leading zero", () => {
    expect(addressSchema.parse({ ...good, Postcode: "0181", Province: "Gauteng", City: "Pretoria" }).Postcode).toBe("0181");
  });
  test.each([
    [{ Postcode: "800" }, "Postcode must be 4 digits"],
    [{ Province: "Transvaal" }, "Choose a province"],
    [{ Country: "Namibia" }, "We deliver in South Africa only"],
    [{ FirstName: "  " }, "First name is required"],
  ])("refuses %p", (over, message) => {
    const r = addressSchema.safeParse({ ...good, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
});
