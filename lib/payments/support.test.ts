import { parseRands, rands } from "@/lib/payments/amounts";
import { clip, nationalMobile, provinceName } from "@/lib/payments/customer";
import { ipInRanges } from "@/lib/payments/ip";

describe("amounts", () => {
  test("cents to gateway rands and back, without floats", () => {
    expect(rands(499_800)).toBe("4998.00");
    expect(rands(29)).toBe("0.29");
    expect(parseRands("0.29")).toBe(29);
    expect(parseRands("4998")).toBe(499_800);
    expect(parseRands("4998.5")).toBe(499_850);
    expect(parseRands("-176.93")).toBe(-17_693);
    for (const bad of ["", "1,00", "1.001", "abc", "1e3"]) expect(parseRands(bad)).toBeNull();
  });
});

describe("customer fields for gateways", () => {
  test("a mobile number in the national form PayFast takes; a landline or a non-number is none", () => {
    expect(nationalMobile("021 000 0000")).toBeNull();
    expect(nationalMobile("+27825550101")).toBe("0825550101");
    expect(nationalMobile("12345")).toBeNull();
  });

  test("provinces by full name", () => {
    expect(provinceName("WC")).toBe("Western Cape");
    expect(provinceName("kzn")).toBe("KwaZulu-Natal");
    expect(provinceName("gauteng")).toBe("Gauteng");
  });

  test("clip keeps characters whole", () => {
    expect(clip("Ümlaut couch", 6)).toBe("Ümlau…");
    expect(clip("short", 10)).toBe("short");
  });
});

describe("ipInRanges", () => {
  test("exact addresses and IPv4 CIDR ranges", () => {
    const ranges = ["197.97.145.144/28", "41.74.179.192/27", "::1"];
    expect(ipInRanges("197.97.145.150", ranges)).toBe(true);
    expect(ipInRanges("197.97.145.160", ranges)).toBe(false);
    expect(ipInRanges("41.74.179.223", ranges)).toBe(true);
    expect(ipInRanges("::1", ranges)).toBe(true);
    expect(ipInRanges("127.0.0.1", ranges)).toBe(false);
    expect(ipInRanges("not-an-ip", ranges)).toBe(false);
  });
});
