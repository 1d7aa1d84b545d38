import { checkSitePassword, gateCookieValue, gateEnabled, gateExempt, gatePassed } from "@/lib/auth/site-gate";
import { setEnv } from "@/lib/config/set-env";

describe("site gate", () => {
  afterEach(() => {
    setEnv({ SITE_PASSWORD: undefined });
  });

  test("off without SITE_PASSWORD: everyone passes", () => {
    expect(gateEnabled()).toBe(false);
    expect(gatePassed(undefined)).toBe(true);
    expect(checkSitePassword("")).toBe(false);
  });

  test("on: only the signed cookie passes", () => {
    setEnv({ SITE_PASSWORD: "preview" });
    expect(gateEnabled()).toBe(true);
    expect(checkSitePassword("preview")).toBe(true);
    expect(checkSitePassword("Preview")).toBe(false);
    const value = gateCookieValue();
    expect(gatePassed(value)).toBe(true);
    expect(gatePassed(undefined)).toBe(false);
    expect(gatePassed("1")).toBe(false);
    const [expires, sig] = value.split(".");
    expect(gatePassed(`${Number(expires) + 999}.${sig}`)).toBe(false);
    expect(gatePassed(`${expires}.${sig!.slice(0, -2)}xx`)).toBe(false);
  });

  test("the cookie expires, and changing the password locks everyone out again", () => {
    setEnv({ SITE_PASSWORD: "preview" });
    const old = gateCookieValue(Date.now() - 31 * 86_400_000);
    expect(gatePassed(old)).toBe(false);
    const value = gateCookieValue();
    setEnv({ SITE_PASSWORD: "launch-week" });
    expect(gatePassed(value)).toBe(false);
  });

  test("the gate call and payment notifications stay reachable", () => {
    expect(gateExempt("/api/register")).toBe(true);
    expect(gateExempt("/api/payments/payfast/notify")).toBe(true);
    expect(gateExempt("/checkout/payjustnow/confirmed/abc")).toBe(true);
    expect(gateExempt("/api/login")).toBe(false);
    expect(gateExempt("/")).toBe(false);
  });
});
