import { normaliseEmail } from "@/lib/coupons/customer-email";

describe("normaliseEmail", () => {
  test.each([
    ["Thandi@Example.co.za", "thandi@example.co.za"],
    ["  thandi@example.co.za\t", "thandi@example.co.za"],
    ["thandi+sofa@example.co.za", "thandi@example.co.za"],
    ["thandi+a+b@example.co.za", "thandi@example.co.za"],
    ["t.mokoena@example.co.za", "t.mokoena@example.co.za"],
    ["T.Mokoena+promo@gmail.com", "tmokoena@gmail.com"],
    ["t.mokoena@googlemail.com", "tmokoena@gmail.com"],
    ["t.m.o.k.o.e.n.a+1@GoogleMail.com", "tmokoena@gmail.com"],
    ["tmokoena@gmail.com.evil.example", "tmokoena@gmail.com.evil.example"],
    ["t.mokoena@mail.gmail.com", "t.mokoena@mail.gmail.com"],
  ])("%s -> %s", (given, expected) => {
    expect(normaliseEmail(given)).toBe(expected);
  });

  test("what cannot be shortened safely stays as it is", () => {
    expect(normaliseEmail("+tag@example.co.za")).toBe("+tag@example.co.za");
    expect(normaliseEmail("...@gmail.com")).toBe("...@gmail.com");
    expect(normaliseEmail("no-at-sign")).toBe("no-at-sign");
    expect(normaliseEmail("@example.co.za")).toBe("@example.co.za");
  });
});
