import {
  answerSignature,
  freshTimestamp,
  requestSignature,
  returnQuery,
  returnToken,
  verifyReturnToken,
  withQuery,
} from "@/lib/payments/finchoice/contract";

/* HMAC-SHA256 vectors computed outside this code: printf '%s' $'…' | openssl dgst -sha256 -hmac '<secret>'. */
const SECRET = "kaya-standin-finchoice-secret";

describe("FinChoice (shop-defined contract) signatures", () => {
  test("return token over 'return\\n<order>\\n<session>\\n<result>'", () => {
    expect(returnToken(SECRET, "42", "fc_abc", "confirmed")).toBe(
      "c0f0c1bf5e0518e6d135d9ffe50d135463dba341646f58de207a2d340ec967a7",
    );
  });

  test("request signature over timestamp, method, path and body", () => {
    expect(requestSignature(SECRET, "1700000000", "post", "/api/v1/sessions", '{"a":1}')).toBe(
      "de41c8395ad1c9effbade9d458a3f249b104654bc6046349e644960046f1bfaa",
    );
    expect(answerSignature(SECRET, "1700000000", "{}")).not.toBe(
      requestSignature(SECRET, "1700000000", "GET", "", "{}"),
    );
  });

  test("a token is bound to its order, session and result", () => {
    const token = returnToken(SECRET, "42", "fc_abc", "confirmed");
    expect(verifyReturnToken(SECRET, "42", "fc_abc", "confirmed", token)).toBe(true);
    expect(verifyReturnToken(SECRET, "42", "fc_abc", "confirmed", token.toUpperCase())).toBe(true);
    expect(verifyReturnToken(SECRET, "43", "fc_abc", "confirmed", token)).toBe(false);
    expect(verifyReturnToken(SECRET, "42", "fc_abd", "confirmed", token)).toBe(false);
    expect(verifyReturnToken(SECRET, "42", "fc_abc", "cancelled", token)).toBe(false);
    expect(verifyReturnToken("another-secret", "42", "fc_abc", "confirmed", token)).toBe(false);
    expect(verifyReturnToken(SECRET, "42", "fc_abc", "confirmed", "")).toBe(false);
  });

  test("the return query is appended to the shop's URL", () => {
    const url = withQuery(
      "https://kaya.example/checkout/finchoice/confirmed?order=42",
      returnQuery(SECRET, "42", "fc_abc", "confirmed"),
    );
    const q = new URL(url).searchParams;
    expect([q.get("order"), q.get("session_id"), q.get("token")]).toEqual([
      "42",
      "fc_abc",
      returnToken(SECRET, "42", "fc_abc", "confirmed"),
    ]);
  });

  test("timestamps more than five minutes off are stale", () => {
    const now = 1_700_000_000_000;
    expect(freshTimestamp("1700000000", now)).toBe(true);
    expect(freshTimestamp("1699999600", now)).toBe(false);
    expect(freshTimestamp("soon", now)).toBe(false);
  });
});
