import {
  checkoutParamString,
  checkoutSignature,
  itnParamString,
  itnSignature,
  phpUrlencode,
  signedCheckoutForm,
} from "@/lib/payments/payfast/signature";
import { standInFormSignature, standInItnSignature, standInUrlencode } from "@/standins/payfast";

/*
 * Known vectors, worked by hand from PayFast's published signature rules. The MD5s were computed
 * outside this code: `printf '%s' '<string>' | md5sum`.
 */

const URL_ORDER = "https://kaya.example/checkout/order/42?key=wc_order_abc";

/** Deliberately out of documented order, with blanks and a field PayFast does not sign. */
const FIELDS: Record<string, string> = {
  amount: "4998.00",
  item_name: "Kaya Living order KL-100042",
  merchant_key: "46f0cd694581a",
  merchant_id: "10000100",
  custom_str1: "wc_order_abc",
  custom_str2: "   ",
  cell_number: "",
  source: "kaya",
  return_url: URL_ORDER,
  cancel_url: URL_ORDER,
  notify_url: "https://kaya.example/api/payments/payfast/notify",
  name_first: "Thandi",
  name_last: "O'Neill-Mokoena",
  email_address: "thandi+test@example.co.za",
  m_payment_id: "42",
  item_description: "2 x Pebble Ottoman (Oat)* ~ !",
};

/*
 * By hand: documented order (merchant_id … item_description, custom_str1); cell_number and
 * custom_str2 are blank and skipped; `source` is not a signed field. PHP urlencode: ":" %3A,
 * "/" %2F, "?" %3F, "=" %3D, "'" %27, "+" %2B, "@" %40, " " +, "(" %28, ")" %29, "*" %2A,
 * "~" %7E, "!" %21.
 */
const PARAM_STRING =
  "merchant_id=10000100&merchant_key=46f0cd694581a" +
  "&return_url=https%3A%2F%2Fkaya.example%2Fcheckout%2Forder%2F42%3Fkey%3Dwc_order_abc" +
  "&cancel_url=https%3A%2F%2Fkaya.example%2Fcheckout%2Forder%2F42%3Fkey%3Dwc_order_abc" +
  "&notify_url=https%3A%2F%2Fkaya.example%2Fapi%2Fpayments%2Fpayfast%2Fnotify" +
  "&name_first=Thandi&name_last=O%27Neill-Mokoena&email_address=thandi%2Btest%40example.co.za" +
  "&m_payment_id=42&amount=4998.00&item_name=Kaya+Living+order+KL-100042" +
  "&item_description=2+x+Pebble+Ottoman+%28Oat%29%2A+%7E+%21&custom_str1=wc_order_abc";

describe("PHP urlencode", () => {
  test.each([
    ["Hello World", "Hello+World"],
    ["it's (a) test*~!", "it%27s+%28a%29+test%2A%7E%21"],
    ["a+b&c=d/e?f", "a%2Bb%26c%3Dd%2Fe%3Ff"],
    ["Ümlaut é", "%C3%9Cmlaut+%C3%A9"],
    ["safe-_.Az09", "safe-_.Az09"],
  ])("%j -> %j (and the stand-in's byte-wise version agrees)", (input, expected) => {
    expect(phpUrlencode(input)).toBe(expected);
    expect(standInUrlencode(input)).toBe(expected);
  });

  test("the pitfall: encodeURIComponent writes spaces as %20 and leaves !'()*~ alone", () => {
    const value = "2 x Pebble Ottoman (Oat)* ~ !";
    expect(encodeURIComponent(value)).toBe("2%20x%20Pebble%20Ottoman%20(Oat)*%20~%20!");
    expect(phpUrlencode(value)).toBe("2+x+Pebble+Ottoman+%28Oat%29%2A+%7E+%21");
    // Signing with the wrong encoder gives a different signature: PayFast's "signature mismatch".
    const wrong = { ...FIELDS, item_description: encodeURIComponent(value) };
    expect(checkoutSignature(wrong, "")).not.toBe(checkoutSignature(FIELDS, ""));
  });
});

describe("checkout form signature", () => {
  test("documented order, blanks and unknown fields skipped", () => {
    expect(checkoutParamString(FIELDS)).toBe(PARAM_STRING);
  });

  test("md5 of the string, without and with a passphrase (urlencoded, appended last)", () => {
    expect(checkoutSignature(FIELDS, "")).toBe("fdfc672b1a52eab3ff2938a39d3d36cd");
    // + "&passphrase=kaya+test+passphrase%21"
    expect(checkoutSignature(FIELDS, "kaya test passphrase!")).toBe("b46dc7e78bf4bcc3523a820b59decaf9");
    expect(checkoutSignature(FIELDS, "  kaya test passphrase!  ")).toBe("b46dc7e78bf4bcc3523a820b59decaf9");
  });

  test("the posted form keeps the signature order and ends with the signature", () => {
    const form = signedCheckoutForm(FIELDS, "kaya test passphrase!");
    expect(form.map(([k]) => k)).toEqual([
      "merchant_id",
      "merchant_key",
      "return_url",
      "cancel_url",
      "notify_url",
      "name_first",
      "name_last",
      "email_address",
      "m_payment_id",
      "amount",
      "item_name",
      "item_description",
      "custom_str1",
      "signature",
    ]);
    expect(form.at(-1)).toEqual(["signature", "b46dc7e78bf4bcc3523a820b59decaf9"]);
  });

  test("round trip: the stand-in's own verifier accepts what the shop signs", () => {
    for (const passphrase of ["", "kaya test passphrase!", "p@ss/phrase ~*"]) {
      expect(standInFormSignature(FIELDS, passphrase)).toBe(checkoutSignature(FIELDS, passphrase));
    }
    expect(standInFormSignature({ ...FIELDS, amount: "4999.00" }, "x")).not.toBe(checkoutSignature(FIELDS, "x"));
  });
});

describe("ITN signature", () => {
  /* As received: empty values are posted and stay in the string; the signature is left out. */
  const ITN: Array<[string, string]> = [
    ["m_payment_id", "42"],
    ["pf_payment_id", "1089250"],
    ["payment_status", "COMPLETE"],
    ["item_name", "Kaya Living order KL-100042"],
    ["item_description", ""],
    ["amount_gross", "4998.00"],
    ["amount_fee", "-176.93"],
    ["amount_net", "4821.07"],
    ["custom_str1", "wc_order_abc"],
    ["custom_str2", ""],
    ["name_first", "Thandi"],
    ["name_last", "O'Neill-Mokoena"],
    ["email_address", "thandi+test@example.co.za"],
    ["merchant_id", "10000100"],
    ["signature", "ignored"],
  ];
  const ITN_STRING =
    "m_payment_id=42&pf_payment_id=1089250&payment_status=COMPLETE&item_name=Kaya+Living+order+KL-100042" +
    "&item_description=&amount_gross=4998.00&amount_fee=-176.93&amount_net=4821.07&custom_str1=wc_order_abc" +
    "&custom_str2=&name_first=Thandi&name_last=O%27Neill-Mokoena&email_address=thandi%2Btest%40example.co.za&merchant_id=10000100";

  test("received order, empty values included, signature excluded", () => {
    expect(itnParamString(ITN)).toBe(ITN_STRING);
    expect(itnSignature(ITN, "")).toBe("a3390dd62ca8b1bb95e47213590c6b86");
    expect(itnSignature(ITN, "kaya test passphrase!")).toBe("9ff40f3d505173905467f5989e82dd8f");
  });

  test("skipping the blanks, as the form rule does, would not match", () => {
    const withoutBlanks = ITN.filter(([, v]) => v !== "");
    expect(itnSignature(withoutBlanks, "")).not.toBe(itnSignature(ITN, ""));
  });

  test("round trip with the stand-in's ITN signer", () => {
    const pairs = ITN.slice(0, -1);
    const { paramString, signature } = standInItnSignature(pairs, "kaya test passphrase!");
    expect(paramString).toBe(ITN_STRING);
    expect(signature).toBe(itnSignature(ITN, "kaya test passphrase!"));
  });
});
