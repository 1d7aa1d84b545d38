import { checkoutSchema } from "@/lib/orders/checkout-schema";
import { checkoutFieldError, checkoutRefusalMessage } from "@/lib/orders/checkout-fields";

const address = {
  FirstName: "Thandi",
  LastName: "Mokoena",
  StreetAddress1: "12 Loop Street",
  City: "Cape Town",
  Province: "Western Cape",
  Postcode: "8001",
};
const good = {
  email: "thandi@example.co.za",
  phone: "082 123 4567",
  shipping: address,
  paymentMethod: "payfast",
  idempotencyKey: "k".repeat(32),
};

/** The server's message for one field of an otherwise good checkout, or null when it passes. */
function serverSays(field: string, value: unknown): string | null {
  const [group, key] = field.split(".");
  const input = key
    ? { ...good, billingSameAsShipping: false, billing: address, [group!]: { ...address, [key]: value } }
    : { ...good, [field]: value };
  const r = checkoutSchema.safeParse(input);
  if (r.success) return null;
  return r.error.issues.find((i) => i.path.join(".") === field)?.message ?? "(another field)";
}

describe("the checkout's field rules", () => {
  test("say what to do, for empty and for wrong values", () => {
    expect(checkoutFieldError("email", "")).toBe("Enter your e-mail address");
    expect(checkoutFieldError("email", "thandi@")).toBe("Enter an e-mail address like name@example.co.za");
    expect(checkoutFieldError("phone", " ")).toBe("Enter your phone number");
    expect(checkoutFieldError("phone", "12345")).toBe("Enter a South African phone number, like 082 123 4567");
    expect(checkoutFieldError("shipping.Postcode", "80")).toBe("Enter a 4-digit postcode");
    expect(checkoutFieldError("billing.Province", "")).toBe("Choose your province");
    expect(checkoutFieldError("shipping.FirstName", "")).toBe("Enter your first name");
    expect(checkoutFieldError("shipping.CompanyName", "")).toBeNull();
    expect(checkoutFieldError("shipping.toString", "")).toBeNull();
  });

  // The form clears a refused field's message by these rules, so they must be the server's.
  test.each([
    ["email", ""],
    ["email", "thandi@"],
    ["email", "a..b@example.co.za"],
    ["email", "thandi@example.co.za"],
    ["email", `${"x".repeat(190)}@example.co.za`],
    ["phone", ""],
    ["phone", "0912345678"],
    ["phone", "+27 82 123 4567"],
    ["shipping.Postcode", "800"],
    ["shipping.Postcode", "0181"],
    ["shipping.Province", ""],
    ["shipping.Province", "Transvaal"],
    ["shipping.Province", "Gauteng"],
    ["billing.FirstName", "  "],
    ["billing.City", "x".repeat(61)],
    ["billing.StreetAddress2", "x".repeat(121)],
    ["billing.StreetAddress2", ""],
  ])("the form and the server agree on %s %p", (field, value) => {
    expect(checkoutFieldError(field, value)).toBe(serverSays(field, value));
  });

  test("a refusal's message names no field, only what to fix first and how many more", () => {
    expect(checkoutRefusalMessage(["Enter your e-mail address"])).toBe("Enter your e-mail address");
    expect(checkoutRefusalMessage(["Enter your e-mail address", "Enter your phone number"])).toBe(
      "Enter your e-mail address (and 1 more detail to fix)",
    );
    expect(checkoutRefusalMessage(["A", "B", "C"])).toBe("A (and 2 more details to fix)");
  });
});
