import { ozowHashInput, ozowRequestHash, ozowResponseHash, OZOW_REQUEST_FIELDS } from "@/lib/payments/ozow/hash";
import { standInOzowHash } from "@/standins/ozow";

/*
 * Known vectors, worked by hand from Ozow's published hash rules; the SHA-512s were computed
 * outside this code: `printf '%s' '<string>' | tr A-Z a-z | sha512sum`.
 */
const BACK = "https://kaya.example/api/payments/ozow/return?order=42&key=wc_order_abc";
const PRIVATE_KEY = "kaya-standin-ozow-private-key";

const REQUEST = {
  SiteCode: "KAY-KAY-001",
  CountryCode: "ZA",
  CurrencyCode: "ZAR",
  Amount: "4998.00",
  TransactionReference: "42",
  BankReference: "KL-100042",
  Optional1: "KL-100042",
  Customer: "Thandi Mokoena",
  CancelUrl: BACK,
  ErrorUrl: BACK,
  SuccessUrl: BACK,
  NotifyUrl: "https://kaya.example/api/payments/ozow/notify",
  IsTest: "false",
};

describe("Ozow HashCheck (payment request)", () => {
  test("values in field order, no separators, absent optionals add nothing, private key last, lower-cased", () => {
    expect(ozowHashInput(OZOW_REQUEST_FIELDS, REQUEST, PRIVATE_KEY)).toBe(
      (
        "KAY-KAY-001" +
        "ZA" +
        "ZAR" +
        "4998.00" +
        "42" +
        "KL-100042" +
        "KL-100042" +
        "Thandi Mokoena" +
        BACK +
        BACK +
        BACK +
        "https://kaya.example/api/payments/ozow/notify" +
        "false" +
        PRIVATE_KEY
      ).toLowerCase(),
    );
    expect(ozowRequestHash(REQUEST, PRIVATE_KEY)).toBe(
      "39422890760033017b71b2964c83443728566019d2344dd3493bcf589ea866e111bd96aab1c58d0d704835a19cba3c306180858f8ac10eb25ad42189aaf89da4",
    );
  });

  test("field order matters, and the key is the private key", () => {
    const swapped = { ...REQUEST, Amount: "42", TransactionReference: "4998.00" };
    expect(ozowRequestHash(swapped, PRIVATE_KEY)).not.toBe(ozowRequestHash(REQUEST, PRIVATE_KEY));
    expect(ozowRequestHash(REQUEST, "kaya-standin-ozow-api-key")).not.toBe(ozowRequestHash(REQUEST, PRIVATE_KEY));
  });

  test("round trip with the stand-in's own hash", () => {
    expect(standInOzowHash([...OZOW_REQUEST_FIELDS], REQUEST, PRIVATE_KEY)).toBe(ozowRequestHash(REQUEST, PRIVATE_KEY));
  });
});

describe("Ozow Hash (notification)", () => {
  const RESPONSE = {
    SiteCode: "KAY-KAY-001",
    TransactionId: "b1c2d3e4-0000-4000-8000-00000000002a",
    TransactionReference: "42",
    Amount: "4998.00",
    Status: "Complete",
    Optional1: "KL-100042",
    CurrencyCode: "ZAR",
    IsTest: "false",
    StatusMessage: "Test payment completed",
  };
  const EXPECTED =
    "711703df53032913b16abac9b749ca470645b852035584fa0505d760fe2af6797f81b18ae689acfa930637fac22146e1be955752836873c4c4290bb1b7558e76";

  test("the response fields in order, then the private key", () => {
    expect(ozowResponseHash(RESPONSE, PRIVATE_KEY)).toBe(EXPECTED);
  });

  test("a missing IsTest is hashed as false", () => {
    const { IsTest: _drop, ...withoutIsTest } = RESPONSE;
    expect(_drop).toBe("false");
    expect(ozowResponseHash(withoutIsTest, PRIVATE_KEY)).toBe(EXPECTED);
  });

  test("a changed amount or status no longer matches", () => {
    expect(ozowResponseHash({ ...RESPONSE, Amount: "1.00" }, PRIVATE_KEY)).not.toBe(EXPECTED);
    expect(ozowResponseHash({ ...RESPONSE, Status: "Cancelled" }, PRIVATE_KEY)).not.toBe(EXPECTED);
  });
});
