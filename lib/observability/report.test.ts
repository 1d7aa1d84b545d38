/**
 * @jest-environment jsdom
 *
 * reportError and the SDK loader in the browser, with the real Sentry browser SDK. The network boundary is
 * window.fetch, replaced by a recorder: Sentry's transport posts its envelopes through it. (The
 * browser SDK hooks only the jsdom window, which is closed with the file.)
 */
import { setEnv } from "@/lib/config/set-env";

type Sent = { url: string; body: string };

const sent: Sent[] = [];
const recorder = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  sent.push({
    url: String(input),
    body: typeof init?.body === "string" ? init.body : new TextDecoder().decode(init?.body as Uint8Array),
  });
  return { status: 200, headers: { get: () => null }, text: async () => "{}" } as unknown as Response;
});

const DSN = "http://browserkey@127.0.0.1:3209/5";

beforeAll(() => {
  Object.defineProperty(window, "fetch", { value: recorder, writable: true, configurable: true });
  // jsdom has no performance timeline; the SDK's web-vitals code asks for one.
  if (!("getEntriesByType" in performance))
    Object.assign(performance, { getEntriesByType: () => [], getEntriesByName: () => [] });
});

beforeEach(() => {
  jest.resetModules();
  sent.length = 0;
});

const restore = setEnv({ NEXT_PUBLIC_SENTRY_DSN: undefined });
afterAll(() => restore());

test("without a DSN nothing is loaded, started or sent", async () => {
  const { reportError } = await import("./report");
  await expect(reportError(new Error("Sofa not found"))).resolves.toBe(false);
  const Sentry = await import("@sentry/nextjs");
  expect(Sentry.getClient()).toBeUndefined();
  expect(recorder).not.toHaveBeenCalled();
});

// Before any SDK has started in this file: a started one would catch the "early" error itself.
test("uncaught errors from before the SDK started are sent once it has", async () => {
  setEnv({ NEXT_PUBLIC_SENTRY_DSN: DSN });
  const { holdEarlyErrors, loadBrowserSentry } = await import("./client");
  holdEarlyErrors();
  // (Marked handled so that jsdom does not fail the test over the "uncaught" error.)
  const handled = (e: Event) => e.preventDefault();
  window.addEventListener("error", handled);
  window.dispatchEvent(
    new ErrorEvent("error", { error: new Error("Cushion thrown during hydration"), cancelable: true }),
  );
  window.removeEventListener("error", handled);
  const sentry = await loadBrowserSentry();
  expect(sentry).not.toBeNull();
  const Sentry = await import("@sentry/nextjs");
  await Sentry.flush(3000);
  expect(sent.some((s) => s.body.includes("Cushion thrown during hydration"))).toBe(true);
});

test("with a DSN the error is sent to Sentry with its digest and boundary", async () => {
  setEnv({ NEXT_PUBLIC_SENTRY_DSN: DSN });
  const { reportError } = await import("./report");
  const Sentry = await import("@sentry/nextjs");
  const error = Object.assign(new Error("The ottoman is on fire"), { digest: "2736451200" });
  await expect(reportError(error, { boundary: "page" })).resolves.toBe(true);
  await Sentry.flush(3000);

  const envelope = sent.find((s) => s.body.includes("The ottoman is on fire"));
  expect(envelope?.url).toMatch(/^http:\/\/127\.0\.0\.1:3209\/api\/5\/envelope\/\?.*sentry_key=browserkey/);
  const event = JSON.parse(envelope?.body.split("\n")[2] ?? "{}") as {
    tags?: Record<string, string>;
    exception?: { values?: Array<{ value?: string }> };
  };
  expect(event.exception?.values?.[0]?.value).toBe("The ottoman is on fire");
  expect(event.tags).toMatchObject({ digest: "2736451200", boundary: "page" });

  // The SDK runs with the shop's settings, Session Replay included.
  const client = Sentry.getClient();
  expect(client?.getOptions()).toMatchObject({
    dsn: DSN,
    tracesSampleRate: 0.2,
    replaysSessionSampleRate: 1,
    replaysOnErrorSampleRate: 1,
  });
  expect(client?.getIntegrationByName("Replay")).toBeDefined();
});
