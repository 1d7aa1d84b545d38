import { init, replayIntegration } from "@sentry/nextjs";
import { browserOptions, serverOptions, tracePropagationTargets } from "./config";
import { start } from "./sentry-browser";
import { serverDsn } from "./server";
import { setEnv } from "@/lib/config/set-env";

jest.mock("@sentry/nextjs", () => ({
  init: jest.fn(),
  replayIntegration: jest.fn((options: object) => ({ name: "Replay", options })),
  captureException: jest.fn(),
  captureRouterTransitionStart: jest.fn(),
}));

const SITE_URL = "https://kaya-living.example";
const traced = (url: string, site = SITE_URL) => tracePropagationTargets(site).some((target) => target.test(url));

describe("error reporting options", () => {
  test("one request in five is traced, in the browser and on the server", () => {
    expect(browserOptions("https://k@o1.ingest.example/1", SITE_URL).tracesSampleRate).toBe(0.2);
    expect(serverOptions("https://k@o1.ingest.example/1", SITE_URL).tracesSampleRate).toBe(0.2);
  });

  test("Session Replay records every session and every session with an error", () => {
    const options = browserOptions("https://k@o1.ingest.example/1", SITE_URL);
    expect(options.replaysOnErrorSampleRate).toBe(1);
  });

  test("the browser's replays mask all text and inputs and block media, with no exceptions", () => {
    start("https://k@o1.ingest.example/1");
    expect(replayIntegration).toHaveBeenCalledTimes(1);
    expect(jest.mocked(replayIntegration).mock.calls[0]![0]).toStrictEqual({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
    const options = jest.mocked(init).mock.calls[0]![0]!;
    expect(options.integrations).toContainEqual({ name: "Replay", options: expect.any(Object) });
  });

  test("the DSN is passed through", () => {
    expect(serverOptions("https://k@o1.ingest.example/1", SITE_URL).dsn).toBe("https://k@o1.ingest.example/1");
    expect(browserOptions("https://k@o1.ingest.example/1", SITE_URL).dsn).toBe("https://k@o1.ingest.example/1");
  });
});

describe("trace headers go to localhost and the shop's site only", () => {
  test("localhost on any port, over http or https", () => {
    expect(traced("http://localhost:3000/api/cart")).toBe(true);
    expect(traced("http://localhost/api/cart")).toBe(true);
    expect(traced("https://localhost:8443")).toBe(true);
  });

  test("the shop's site: its pages, its calls, the bare origin", () => {
    expect(traced(`${SITE_URL}/api/cart`)).toBe(true);
    expect(traced(`${SITE_URL}?page=2`)).toBe(true);
    expect(traced(SITE_URL)).toBe(true);
    expect(traced("http://127.0.0.1:3200/api/build", "http://127.0.0.1:3200")).toBe(true);
  });

  test("not payment gateways, maps, analytics or look-alike hosts", () => {
    for (const url of [
      "https://www.payfast.co.za/eng/process",
      "https://maps.googleapis.com/maps/api/js",
      "https://www.google-analytics.com/g/collect",
      "https://kaya-living.example.evil.example/api/cart",
      "https://evil.example/?next=https://kaya-living.example/",
      "https://localhost.evil.example/",
      "http://kaya-living.example/api/cart",
      "https://kaya-living.example:8443/api/cart",
    ]) {
      expect([url, traced(url)]).toEqual([url, false]);
    }
  });

  test("a malformed site URL leaves only localhost", () => {
    expect(tracePropagationTargets("not a url")).toHaveLength(1);
    expect(traced("http://localhost:3000/", "not a url")).toBe(true);
  });
});

describe("the server's DSN", () => {
  let restore = () => {};
  afterEach(() => restore());

  test("SENTRY_DSN first, then the browser's, else none", () => {
    restore = setEnv({ SENTRY_DSN: undefined, NEXT_PUBLIC_SENTRY_DSN: undefined });
    expect(serverDsn()).toBeUndefined();
    setEnv({ NEXT_PUBLIC_SENTRY_DSN: "https://public@o1.ingest.example/1" });
    expect(serverDsn()).toBe("https://public@o1.ingest.example/1");
    setEnv({ SENTRY_DSN: "https://server@o1.ingest.example/2" });
    expect(serverDsn()).toBe("https://server@o1.ingest.example/2");
    setEnv({ SENTRY_DSN: "", NEXT_PUBLIC_SENTRY_DSN: "" });
    expect(serverDsn()).toBeUndefined();
  });
});
