/**
 * The server's error reporting against a real Sentry SDK and a real HTTP listener standing in for
 * Sentry's ingest (and for the shop's site and a third party, to see where trace headers go).
 */
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { reportRequestError, startServerErrorReporting } from "./server";
import { childEnv, setEnv } from "@/lib/config/set-env";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

async function listen(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString();
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const restore = setEnv({ SENTRY_DSN: undefined, NEXT_PUBLIC_SENTRY_DSN: undefined });
afterAll(() => restore());

test("without a DSN the SDK is never loaded and nothing starts", async () => {
  const load = jest.fn(() => import("@sentry/nextjs"));
  await expect(startServerErrorReporting(load)).resolves.toBe(false);
  expect(load).not.toHaveBeenCalled();
  // A request error is dropped quietly.
  await expect(
    reportRequestError(
      new Error("x"),
      { path: "/", method: "GET", headers: {} },
      {
        routerKind: "App Router",
        routePath: "/",
        routeType: "render",
        renderSource: "react-server-components",
        revalidateReason: undefined,
      },
    ),
  ).resolves.toBeUndefined();
});

describe("with a DSN, in a server process of its own", () => {
  let ingest: Awaited<ReturnType<typeof listen>>;
  let site: Awaited<ReturnType<typeof listen>>;
  let elsewhere: Awaited<ReturnType<typeof listen>>;
  let options: { dsn?: string; tracesSampleRate?: number };
  let dsn: string;

  beforeAll(async () => {
    [ingest, site, elsewhere] = await Promise.all([listen(), listen(), listen()]);
    dsn = `http://publickey@${ingest.url.slice("http://".length)}/7`;
    const root = path.resolve(__dirname, "../..");
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        path.join(root, "node_modules/.bin/tsx"),
        [path.resolve("test/fixtures/observability/server-process.ts"), site.url, elsewhere.url],
        {
          cwd: root,
          env: childEnv({
            NODE_OPTIONS: "",
            SENTRY_DSN: dsn,
            SITE_URL: site.url,
            NEXT_PUBLIC_BUILD_ID: "build-under-test",
          }),
          timeout: 60_000,
        },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      );
    });
    options = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as typeof options;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([ingest.close(), site.close(), elsewhere.close()]);
  });

  test("the SDK runs with the shop's settings", () => {
    expect(options.dsn).toBe(dsn);
    expect(options.tracesSampleRate).toBe(0.2);
  });

  test("a server request error reaches the ingest as an envelope naming the route", async () => {
    const envelope = await until(() =>
      ingest.received.find((r) => r.body.includes("The couch fell through the floor")),
    );
    // Project 7 of the DSN, authenticated with its public key.
    expect(envelope.path).toMatch(/^\/api\/7\/envelope\/\?.*sentry_key=publickey/);
    const [, , payload] = envelope.body.split("\n");
    const event = JSON.parse(payload ?? "{}") as {
      release?: string;
      tags?: Record<string, string>;
      exception?: { values?: Array<{ value?: string; mechanism?: { handled?: boolean } }> };
      contexts?: { nextjs?: { router_path?: string; route_type?: string; request_path?: string } };
      request?: { headers?: Record<string, string> };
    };
    expect(event.exception?.values?.[0]?.value).toBe("The couch fell through the floor");
    expect(event.exception?.values?.[0]?.mechanism?.handled).toBe(false);
    // The digest the error page shows the shopper as "Reference".
    expect(event.tags?.digest).toBe("3141592653");
    // The id of the request, which its log lines and its answer's X-Request-Id carry.
    expect(event.tags?.request_id).toBe("req-5c1e0a7b");
    expect(event.contexts?.nextjs).toMatchObject({ router_path: "/checkout/order/[orderId]", route_type: "render" });
    // Secrets in the request stay home: the order key, the session cookie, the bearer token.
    expect(event.contexts?.nextjs?.request_path).toBe("/checkout/order/1001?key=[Filtered]&page=2");
    expect(JSON.stringify(event.request)).not.toMatch(/SECRETSESSION|SECRETTOKEN|SECRETKEY/);
    expect(event.request?.headers?.["user-agent"]).toBe("Kaya test browser");
    // The release is the build id, the same one the browser reports.
    expect(event.release).toBe("build-under-test");
  });

  test("outgoing calls carry trace headers to the shop's site but not to anyone else", async () => {
    const toSite = await until(() => site.received.find((r) => r.path === "/api/build"));
    const toElsewhere = await until(() => elsewhere.received.find((r) => r.path === "/eng/process"));
    expect(toSite.headers["sentry-trace"]).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}/);
    expect(toElsewhere.headers["sentry-trace"]).toBeUndefined();
    expect(toElsewhere.headers.baggage).toBeUndefined();
  });
});
