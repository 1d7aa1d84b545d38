import fc from "fast-check";
import { spacedNationalPhone, toE164Phone, toNationalPhone } from "@/lib/forms/phone";

describe("South African phone numbers", () => {
  test.each([
    ["082 123 4567", "+27821234567"],
    ["0821234567", "+27821234567"],
    ["+27 82 123 4567", "+27821234567"],
    ["+27(82)123-4567", "+27821234567"],
    ["27821234567", "+27821234567"],
    ["0027 82 123 4567", "+27821234567"],
    ["082.123.4567", "+27821234567"],
    ["(021) 000-1234", "+27210001234"],
    ["021 000 0000", "+27210000000"],
  ])("%s is %s, or %s written nationally", (input, e164) => {
    expect(toE164Phone(input)).toBe(e164);
    expect(toNationalPhone(input)).toBe(`0${e164.slice(3)}`);
    expect(spacedNationalPhone(input)).toBe(`0${e164.slice(3, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`);
  });

  test.each([
    "",
    "12345",
    "082 123 456",
    "082 123 45678",
    "+44 20 7946 0958",
    "0082 123 4567",
    "0012345678",
    "+27 012 345 678",
    "+270821234567",
    "0912345678",
    "+27 912 345 678",
    "082 123 4567 ext 2",
    "082_123_4567",
    "phone",
  ])("%p is refused", (input) => {
    expect(toE164Phone(input)).toBeNull();
    expect(toNationalPhone(input)).toBeNull();
    expect(spacedNationalPhone(input)).toBeNull();
  });

  test("both forms name the same number, and each reads back as itself", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (input) => {
        const e164 = toE164Phone(input);
        const national = toNationalPhone(input);
        expect(e164 === null).toBe(national === null);
        if (e164 && national) {
          expect(e164.slice(3)).toBe(national.slice(1));
          expect(toE164Phone(national)).toBe(e164);
          expect(toNationalPhone(e164)).toBe(national);
        }
      }),
    );
  });
});
