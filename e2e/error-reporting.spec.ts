import http from "node:http";
import zlib from "node:zlib";
import { afterIdleWork, expect, test } from "./fixtures/shop";

/**
 * Error reporting as the browser sees it.
 *
 * The suite's usual build has no DSN: then nothing of Sentry may load or send. Built with a DSN
 * that points at this machine, the second test stands in for Sentry's ingest and checks what
 * arrives:
 *   NEXT_PUBLIC_SENTRY_DSN=http://key@127.0.0.1:3209/1 npm run build
 *   NEXT_PUBLIC_SENTRY_DSN=http://key@127.0.0.1:3209/1 npx playwright test e2e/error-reporting.spec.ts --project=desktop
 */
const DSN = process.env.NEXT_PUBLIC_SENTRY_DSN;

test("without a DSN no Sentry code loads and nothing is sent", async ({ page, baseURL }) => {
  test.skip(Boolean(DSN), "this build has a DSN");
  const elsewhere: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:")) elsewhere.push(req.url());
  });
  await page.goto("/product/eden-2-seater");
  // The SDK would start once the page has loaded and the browser is idle.
  await afterIdleWork(page);
  expect(await page.evaluate(() => "__SENTRY__" in window)).toBe(false);
  expect(elsewhere).toEqual([]);
});

type Item = { type: string; text: string };

/** Splits a Sentry envelope into its items; replay recordings are inflated. */
function envelopeItems(raw: Buffer): Item[] {
  const items: Item[] = [];
  let pos = raw.indexOf(10) + 1;
  while (pos > 0 && pos < raw.length) {
    let nl = raw.indexOf(10, pos);
    if (nl < 0) nl = raw.length;
    const head = JSON.parse(raw.subarray(pos, nl).toString()) as { type: string; length?: number };
    pos = nl + 1;
    let end = typeof head.length === "number" ? pos + head.length : raw.indexOf(10, pos);
    if (end < 0) end = raw.length;
    const payload = raw.subarray(pos, end);
    pos = end + 1;
    let text = payload.toString();
    if (head.type === "replay_recording") {
      const split = payload.indexOf(10);
      const body = payload.subarray(split + 1);
      try {
        text = zlib.inflateSync(body).toString();
      } catch {
        text = body.toString();
      }
    }
    items.push({ type: head.type, text });
  }
  return items;
}

test("with a DSN an uncaught error and a masked replay reach the ingest; traces go to the shop only", async ({
  page,
  baseURL,
}) => {
  test.skip(!DSN, "built without NEXT_PUBLIC_SENTRY_DSN");
  const ingestUrl = new URL(DSN!);
  const received: Item[] = [];
  const ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(...envelopeItems(Buffer.concat(chunks)));
      res.writeHead(200, { "access-control-allow-origin": "*", "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => ingest.listen(Number(ingestUrl.port), ingestUrl.hostname, resolve));
  try {
    const traced: Array<{ url: string; trace?: string }> = [];
    page.on("request", (req) => traced.push({ url: req.url(), trace: req.headers()["sentry-trace"] }));

    await page.goto("/product/eden-2-seater");
    await page.waitForFunction(() => "__SENTRY__" in window, undefined, { timeout: 15_000 });
    const productName = (await page.locator("h1:visible").first().textContent())?.trim() ?? "";
    expect(productName.length).toBeGreaterThan(3);

    // An error nobody catches.
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("Measured uncaught error");
      }, 0),
    );
    await expect
      .poll(() => received.some((i) => i.type === "event" && i.text.includes("Measured uncaught error")), {
        timeout: 20_000,
      })
      .toBe(true);

    // The session's replay arrives, with the page's text masked.
    await expect.poll(() => received.some((i) => i.type === "replay_recording"), { timeout: 30_000 }).toBe(true);
    const recording = received
      .filter((i) => i.type === "replay_recording")
      .map((i) => i.text)
      .join("\n");
    expect(recording).not.toContain(productName);
    expect(recording).toMatch(/\*{4,}/);

    // Calls to the shop carry the trace; the page made no call elsewhere that did.
    await page.evaluate(() => fetch("/api/build"));
    await expect.poll(() => traced.some((r) => r.url.includes("/api/build") && r.trace)).toBe(true);
    expect(traced.filter((r) => r.trace && !r.url.startsWith(baseURL!))).toEqual([]);
  } finally {
    await new Promise((resolve) => ingest.close(resolve));
  }
});
