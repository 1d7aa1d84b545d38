import { SITE } from "@/lib/config/site";
import { dispatch, PAYMENT_ROUTES } from "@/lib/payments/test-support";

const env = process.env as Record<string, string | undefined>;
const saved = { NODE_ENV: env.NODE_ENV, PAYMENTS_ALLOW_STANDINS: env.PAYMENTS_ALLOW_STANDINS };
afterEach(() => {
  env.NODE_ENV = saved.NODE_ENV;
  if (saved.PAYMENTS_ALLOW_STANDINS === undefined) delete env.PAYMENTS_ALLOW_STANDINS;
  else env.PAYMENTS_ALLOW_STANDINS = saved.PAYMENTS_ALLOW_STANDINS;
});

const STANDINS = [
  ["POST", "/standin/payfast/eng/process"],
  ["POST", "/standin/payfast/eng/process/complete"],
  ["POST", "/standin/payfast/eng/query/validate"],
  ["POST", "/standin/ozow"],
  ["GET", "/standin/ozow"],
  ["POST", "/standin/ozow/complete"],
  ["GET", "/standin/ozow/api/GetTransaction"],
  ["POST", "/standin/payjustnow/api/v1/merchant/checkout"],
  ["GET", "/standin/payjustnow/pay"],
  ["POST", "/standin/payjustnow/pay"],
  ["POST", "/standin/finchoice/api/v1/sessions"],
  ["GET", "/standin/finchoice/api/v1/sessions/fc_x"],
  ["GET", "/standin/finchoice/apply"],
  ["POST", "/standin/finchoice/apply"],
] as const;

describe("stand-in routes", () => {
  test("every stand-in route is covered here", () => {
    const covered = new Set(STANDINS.map(([, p]) => p.replace("fc_x", "[id]")));
    const routes = PAYMENT_ROUTES.map((r) => r.pattern.source).filter((s) => s.includes("standin"));
    expect(routes).toHaveLength(new Set([...covered]).size);
  });

  test.each(STANDINS)("%s %s answers 404 in production unless PAYMENTS_ALLOW_STANDINS=1", async (method, path) => {
    env.NODE_ENV = "production";
    delete env.PAYMENTS_ALLOW_STANDINS;
    const res = await dispatch(`${SITE.url}${path}`, { method, body: method === "POST" ? "" : undefined });
    expect(res.status).toBe(404);
    env.PAYMENTS_ALLOW_STANDINS = "1";
    const allowed = await dispatch(`${SITE.url}${path}`, { method, body: method === "POST" ? "" : undefined });
    expect(allowed.status).not.toBe(500);
  });

  test("outside production they answer", async () => {
    const res = await dispatch(`${SITE.url}/standin/payfast/eng/query/validate`, { method: "POST", body: "x=1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("INVALID");
  });
});
