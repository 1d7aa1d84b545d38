import { register } from "@/instrumentation";
import {
  bankAccountFrom,
  checkoutFormOrigins,
  finChoiceConfig,
  ozowConfig,
  payfastConfig,
  payJustNowConfig,
  standInBaseUrl,
  standInsUrl,
} from "@/lib/payments/config";
import { paymentProviders, providerFor } from "@/lib/payments/registry";
import { serverEnv } from "@/lib/config/env";
import { setEnv } from "@/lib/config/set-env";
import { setupTestDb } from "@/test/support/db";
import { offeredPaymentMethods, paymentMethodStates } from "@/lib/payments/availability";
import { saveSetting } from "@/lib/settings/store";
import { shopSettings } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";

const getDb = setupTestDb({ seed: false });
const noAudit = async () => {};
const FNB = {
  accountName: "Kaya Living (Pty) Ltd",
  bankName: "FNB",
  accountNumber: "62000000001",
  branchCode: "250655",
  accountType: "",
};
const standIns = async (db: Db) => (await paymentMethodStates(db)).filter((s) => s.standIn).map((s) => s.method);

const VARS = [
  "NODE_ENV",
  "SESSION_SECRET",
  "PAYMENTS_ALLOW_STANDINS",
  "STANDINS_URL",
  "KAYA_CHECKOUT_FORM_ORIGINS",
  "PAYFAST_MERCHANT_ID",
  "PAYFAST_MERCHANT_KEY",
  "PAYFAST_PASSPHRASE",
  "PAYFAST_BASE_URL",
  "PAYFAST_VALID_IPS",
  "OZOW_SITE_CODE",
  "OZOW_PRIVATE_KEY",
  "OZOW_API_KEY",
  "OZOW_PAY_URL",
  "OZOW_API_URL",
  "PAYJUSTNOW_MERCHANT_ID",
  "PAYJUSTNOW_API_KEY",
  "PAYJUSTNOW_BASE_URL",
  "FINCHOICE_MERCHANT_ID",
  "FINCHOICE_SECRET",
  "FINCHOICE_BASE_URL",
];
const restores: Array<() => void> = [];
const set = (vars: Record<string, string | undefined>) => void restores.push(setEnv(vars));

beforeEach(async () => {
  set({ ...Object.fromEntries(VARS.map((k) => [k, undefined])), NODE_ENV: "test" });
  await getDb().db.delete(shopSettings);
});
afterEach(() => {
  while (restores.length > 0) restores.pop()!();
});

function configureAll() {
  set({
    PAYFAST_MERCHANT_ID: "123",
    PAYFAST_MERCHANT_KEY: "key",
    PAYFAST_PASSPHRASE: "pass",
    OZOW_SITE_CODE: "SITE",
    OZOW_PRIVATE_KEY: "private",
    OZOW_API_KEY: "api",
    PAYJUSTNOW_MERCHANT_ID: "9",
    PAYJUSTNOW_API_KEY: "k",
    FINCHOICE_MERCHANT_ID: "m",
    FINCHOICE_SECRET: "s",
    FINCHOICE_BASE_URL: "https://finchoice.example",
  });
}

describe("payment configuration", () => {
  test("without variables every provider points at the stand-in server with the documented test credentials", async () => {
    const pf = payfastConfig();
    expect(pf).toMatchObject({ merchantId: "10000100", merchantKey: "46f0cd694581a", standIn: true });
    expect(pf.processUrl).toBe("http://127.0.0.1:3010/payfast/eng/process");
    expect(pf.validateUrl).toBe("http://127.0.0.1:3010/payfast/eng/query/validate");
    expect(pf.validIps).toEqual(["127.0.0.1", "::1"]);
    expect(ozowConfig()).toMatchObject({
      payUrl: "http://127.0.0.1:3010/ozow",
      apiUrl: "http://127.0.0.1:3010/ozow/api",
      standIn: true,
    });
    expect(payJustNowConfig()).toMatchObject({
      merchantId: "1",
      apiKey: "secret",
      baseUrl: "http://127.0.0.1:3010/payjustnow",
    });
    expect(finChoiceConfig().baseUrl).toBe("http://127.0.0.1:3010/finchoice");
    expect(bankAccountFrom(null).demo).toBe(true);
    expect(await standIns(getDb().db)).toEqual(["payfast", "bank-transfer", "finchoice", "payjustnow", "ozow"]);
    // Outside production the stand-ins take the place of what is not configured: all five are offered.
    expect(await offeredPaymentMethods(getDb().db)).toEqual([
      "payfast",
      "bank-transfer",
      "finchoice",
      "payjustnow",
      "ozow",
    ]);
  });

  test("STANDINS_URL moves every stand-in, and the shop itself never serves one", () => {
    set({ STANDINS_URL: "http://standins.test:4010/" });
    expect(standInsUrl()).toBe("http://standins.test:4010");
    expect(standInBaseUrl("ozow")).toBe("http://standins.test:4010/ozow");
    const urls = [
      payfastConfig().processUrl,
      payfastConfig().validateUrl,
      ozowConfig().payUrl,
      ozowConfig().apiUrl,
      payJustNowConfig().baseUrl,
      finChoiceConfig().baseUrl,
    ];
    for (const url of urls) {
      expect(url.startsWith("http://standins.test:4010/")).toBe(true);
      expect(url.startsWith(serverEnv().SITE_URL)).toBe(false);
    }
    set({ STANDINS_URL: "javascript:alert(1)" });
    expect(() => standInsUrl()).toThrow(/STANDINS_URL/);
  });

  test("the checkout's forms may be posted to the stand-in server only while a method uses it", () => {
    expect(checkoutFormOrigins()).toEqual(["http://127.0.0.1:3010"]);
    set({ OZOW_PAY_URL: "https://stagingpay.ozow.com/" });
    expect(checkoutFormOrigins()).toEqual(["http://127.0.0.1:3010", "https://stagingpay.ozow.com"]);
    configureAll();
    set({ OZOW_PAY_URL: undefined });
    expect(checkoutFormOrigins()).toEqual(["https://www.payfast.co.za", "https://pay.ozow.com"]);
  });

  test("credentials select the real gateways, a saved account real bank details, and loopback is no longer a PayFast source", async () => {
    configureAll();
    const pf = payfastConfig();
    expect(pf).toMatchObject({
      merchantId: "123",
      passphrase: "pass",
      host: "https://www.payfast.co.za",
      standIn: false,
    });
    expect(pf.validIps).toEqual(["197.97.145.144/28", "41.74.179.192/27"]);
    expect(pf.validIps).not.toContain("127.0.0.1");
    expect(ozowConfig()).toMatchObject({
      payUrl: "https://pay.ozow.com",
      apiUrl: "https://api.ozow.com",
      standIn: false,
    });
    expect(payJustNowConfig().baseUrl).toBe("https://api.payjustnow.com");
    expect(await standIns(getDb().db)).toEqual(["bank-transfer"]);
    await saveSetting(getDb().db, "bankAccount", FNB, noAudit);
    expect(bankAccountFrom(FNB)).toMatchObject({
      bankName: "FNB",
      accountNumber: "62000000001",
      branchCode: "250655",
      accountType: undefined,
      demo: false,
    });
    expect(await standIns(getDb().db)).toEqual([]);
  });

  test("a sandbox host alone keeps the test merchant; a configured allowlist replaces the defaults", () => {
    set({ PAYFAST_BASE_URL: "https://sandbox.payfast.co.za/" });
    set({ PAYFAST_VALID_IPS: "10.0.0.0/8, 192.0.2.7" });
    expect(payfastConfig()).toMatchObject({
      merchantId: "10000100",
      host: "https://sandbox.payfast.co.za",
      validIps: ["10.0.0.0/8", "192.0.2.7"],
      standIn: false,
    });
  });

  test("half a configuration is an error naming what is missing", async () => {
    set({ PAYFAST_MERCHANT_ID: "123" });
    expect(() => payfastConfig()).toThrow(/PAYFAST_MERCHANT_KEY: must be set with PAYFAST_MERCHANT_ID/);
    set({ FINCHOICE_SECRET: "s" });
    expect(() => finChoiceConfig()).toThrow(/FINCHOICE_MERCHANT_ID: must be set with FINCHOICE_SECRET/);
    expect(() => finChoiceConfig()).toThrow(/FINCHOICE_BASE_URL: must be set with FINCHOICE_SECRET/);
    await expect(paymentMethodStates(getDb().db)).rejects.toThrow(/PAYFAST_MERCHANT_KEY/);
  });

  test("the registry lists the five methods in checkout order", () => {
    expect(paymentProviders.map((p) => p.method)).toEqual([
      "payfast",
      "bank-transfer",
      "finchoice",
      "payjustnow",
      "ozow",
    ]);
    expect(providerFor("ozow").label).toBe("Ozow");
    expect(paymentProviders.every((p) => p.description.length > 20)).toBe(true);
  });
});

describe("instrumentation: a production server offers the methods it can take money with", () => {
  // Mail kept in the outbox on purpose: these starts are about payments.
  beforeEach(() => set({ NEXT_RUNTIME: "nodejs", MAIL_KEEP_IN_OUTBOX: "1" }));

  test("refuses to start when no method can take money, naming what each needs", async () => {
    set({ NODE_ENV: "production", SESSION_SECRET: "a-production-secret-of-32-characters" });
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    try {
      await expect(register()).rejects.toThrow(
        /no payment method is offered.*PayFast \(card or EFT\) needs PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY.*Direct bank transfer needs a bank account, saved in the back office under Settings.*PAYMENTS_ALLOW_STANDINS=1/s,
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(exit).toHaveBeenCalledWith(1);
    } finally {
      exit.mockRestore();
      quiet.mockRestore();
    }
  });

  test("with only PayFast configured and the bank account saved, starts and offers exactly those two", async () => {
    set({ NODE_ENV: "production", SESSION_SECRET: "a-production-secret-of-32-characters" });
    set({ PAYFAST_MERCHANT_ID: "123", PAYFAST_MERCHANT_KEY: "key", PAYFAST_PASSPHRASE: "pass" });
    set({ KAYA_CHECKOUT_FORM_ORIGINS: undefined });
    await saveSetting(getDb().db, "bankAccount", FNB, noAudit);
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const said = jest.spyOn(console, "info").mockImplementation(() => {});
    try {
      await expect(register()).resolves.toBeUndefined();
      expect(exit).not.toHaveBeenCalled();
      expect(await offeredPaymentMethods(getDb().db)).toEqual(["payfast", "bank-transfer"]);
      const lines = said.mock.calls.map((c) => String(c[0])).join("\n");
      expect(lines).toMatch(
        /FinChoice instalments is not offered: it needs FINCHOICE_MERCHANT_ID, FINCHOICE_SECRET and FINCHOICE_BASE_URL/,
      );
      // Staff switch bank transfer off: PayFast alone is offered.
      await saveSetting(getDb().db, "paymentMethods", { offered: ["payfast"] }, noAudit);
      expect(await offeredPaymentMethods(getDb().db)).toEqual(["payfast"]);
    } finally {
      exit.mockRestore();
      said.mockRestore();
    }
  });

  test("starts with PAYMENTS_ALLOW_STANDINS=1, with everything configured, and outside production", async () => {
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    set({ NODE_ENV: "production", SESSION_SECRET: "a-production-secret-of-32-characters" });
    set({ PAYMENTS_ALLOW_STANDINS: "1" });
    await expect(register()).resolves.toBeUndefined();
    set({ PAYMENTS_ALLOW_STANDINS: undefined });
    configureAll();
    await expect(register()).resolves.toBeUndefined();
    set({ NODE_ENV: "development" });
    set({ PAYFAST_MERCHANT_ID: undefined, PAYFAST_MERCHANT_KEY: undefined, PAYFAST_PASSPHRASE: undefined });
    await expect(register()).resolves.toBeUndefined();
    expect(exit).not.toHaveBeenCalled();
    exit.mockRestore();
  });

  test("refuses when the build's Content-Security-Policy would block the checkout's forms", async () => {
    set({ NODE_ENV: "production", SESSION_SECRET: "a-production-secret-of-32-characters" });
    set({ PAYMENTS_ALLOW_STANDINS: "1" });
    // Built for the real gateways, started on the stand-ins (or the other way round): the browser
    // would refuse to post the payment form, so the server says so and stops.
    set({ KAYA_CHECKOUT_FORM_ORIGINS: "https://www.payfast.co.za https://pay.ozow.com" });
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    const exit = jest.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    try {
      await expect(register()).rejects.toThrow(
        /http:\/\/127\.0\.0\.1:3010.*https:\/\/www\.payfast\.co\.za https:\/\/pay\.ozow\.com/s,
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(exit).toHaveBeenCalledWith(1);
      exit.mockClear();
      set({ KAYA_CHECKOUT_FORM_ORIGINS: "http://127.0.0.1:3010" });
      await expect(register()).resolves.toBeUndefined();
      expect(exit).not.toHaveBeenCalled();
    } finally {
      exit.mockRestore();
      quiet.mockRestore();
    }
  });
});
