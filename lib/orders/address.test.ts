import { addressSchema, phoneSchema } from "@/lib/orders/address";

describe("the checkout's phone field", () => {
  test("keeps a South African number in E.164 and names a wrong one", () => {
    expect(phoneSchema.parse(" 082 123 4567 ")).toBe("+27821234567");
    expect(phoneSchema.safeParse("0912345678").error?.issues[0]?.message).toBe(
      "Enter a South African phone number, like 082 123 4567",
    );
    expect(phoneSchema.safeParse("").error?.issues[0]?.message).toBe("Enter your phone number");
    expect(phoneSchema.safeParse(undefined).error?.issues[0]?.message).toBe("Enter your phone number");
  });
});

describe("address", () => {
  const good = {
    FirstName: "Thandi",
    LastName: "Mokoena",
    StreetAddress1: "12 Loop Street",
    City: "Cape Town",
    Province: "Western Cape",
    Postcode: "8001",
  };
  test("a South African address with a 4-digit postcode", () => {
    expect(addressSchema.parse(good)).toMatchObject({
      ...good,
      Country: "South Africa",
      CompanyName: "",
      StreetAddress2: "",
    });
  });
  test("postcodes keep their leading zero", () => {
    expect(addressSchema.parse({ ...good, Postcode: "0181", Province: "Gauteng", City: "Pretoria" }).Postcode).toBe(
      "0181",
    );
  });
  test.each([
    [{ Postcode: "800" }, "Enter a 4-digit postcode"],
    [{ Postcode: "" }, "Enter a 4-digit postcode"],
    [{ Province: "Transvaal" }, "Choose your province"],
    [{ Province: "" }, "Choose your province"],
    [{ Province: undefined }, "Choose your province"],
    [{ Country: "Namibia" }, "We deliver in South Africa only"],
    [{ FirstName: "  " }, "Enter your first name"],
    [{ LastName: undefined }, "Enter your last name"],
    [{ StreetAddress1: "" }, "Enter your street address"],
    [{ City: "" }, "Enter your city or town"],
    [{ City: "x".repeat(61) }, "Enter a city or town of at most 60 characters"],
  ])("refuses %p", (over, message) => {
    const r = addressSchema.safeParse({ ...good, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
});
