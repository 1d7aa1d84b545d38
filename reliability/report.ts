import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CheckResult } from "./support/context";

type Run = { results: CheckResult[]; short: boolean; commit: string; seconds: number; soakSeconds: number };

/**
 * What was found in the shop (by this suite or by review), how it was fixed, and what guards it now: kept, so a report
 * says where its passes come from.
 */
const FOUND_AND_FIXED = [
  "**A broken escape in a route parameter** (`/%E0%A4%A/about-us`, `/og/product/%ED%A0%80`, `/checkout/payjustnow/confirmed/%E0%A4%A`) was a bare 500 from Next: 28 of the hostile-input check's first run. The shop's server (server.mjs) now answers a path segment no decoder can read with a 400 before Next sees it. Guarded by: Hostile input (every dynamic route with hostile segment values), server.test.ts.",
  "**Prototype-polluting parameter names**: `__proto__`, `constructor` and `prototype` keys in JSON, forms and queries reached the objects built from a call's parameters. The parameter parser builds null-prototype objects and refuses those names at any depth with a 400. Guarded by: Hostile input (the `__proto__` and `constructor.prototype` cases in query, JSON and form, and fast-check payloads using those keys, on every route method), lib/api/params.test.ts.",
  "**`</script >` in a review, through JSON-LD**: review text could end the product page's JSON-LD script early and run its own. JSON-LD is written by the shop's own serialiser, escaping `<`, `>`, `&` and U+2028/9. Guarded by: Boundaries and logs (reviews closing the script in three spellings, read back from the product page's HTML: no script ended early, the text intact in the JSON-LD), e2e/reviews-hostile.spec.ts.",
  "**The sign-in `next` parameter as an open redirect**: `/.//evil.example`, `/\\evil.example` and the like sent the browser to another site after signing in. `next` is parsed against the site's origin and only a path that lands there is followed. Guarded by: lib/auth/next-path.test.ts and e2e/sign-in-next.spec.ts (the redirect is the browser's navigation, which this HTTP suite does not drive).",
  "**X-Forwarded-For trusted as written**: the visitor's address came from a header any client writes, so limits per address could be dodged or turned against someone else. The address is the connection's, unless `TRUSTED_PROXIES` proxies vouch for entries. Guarded by: Boundaries and logs (a forged chain; the checkout limit with a new forged entry each attempt), lib/api/client-ip.test.ts, e2e/client-address.spec.ts.",
  "**Idempotency-key theft**: a checkout with another shopper's idempotency key was answered with that shopper's order. A key replays an order only to the cart or customer that placed it. Guarded by: Access between customers (B checks out with A's key: a new order of B's own; A's retry still replays A's), lib/orders/idempotency.test.ts.",
  "**Stock hoarding**: unpaid orders held stock without end, and nothing limited how many one shopper placed. Checkout attempts are limited per address (30 an hour) and per cart or customer (10 an hour), and bank-transfer holds expire. Guarded by: Concurrency (the limit per address), Boundaries and logs (one customer from a new address each time: 10 orders, then 429), lib/orders/checkout-rate-limit.test.ts and lib/orders/bank-transfer-hold.test.ts.",
  "**Coupon limit races**: parallel checkouts passed a coupon's per-customer and total limits. The code is checked inside the order's transaction with the coupon row locked, addresses counted normalised. Guarded by: Concurrency (one use per customer and three in all, each under parallel checkouts, on both engines).",
  "**Body sizes**: bodies of any size were read. A body is read up to 64 kB (16 kB for payment notifications), then 413; a declared length of 100 000 bytes or more is refused before reading. Guarded by: Hostile input (bodies of 70 kB and 2 MB on every method with a body).",
  "**NUL and lone surrogates were 500s**: they reached the database from parameters, cookies and paths. They are refused with a 400 naming the field, and the proxy refuses them in page addresses. Guarded by: Hostile input (NUL in query names and values, cookies, JSON, forms and route parameters; lone surrogates in JSON; fast-check strings).",
  "**Logs**: server log lines carried query parameters, recipients, provider answers and drizzle's query parameters. One logger writes one scrubbed JSON line, Next's own error output included. Guarded by: Boundaries and logs (the check's log searched for the customer's e-mail address, the password, session tokens and a marker e-mail sent as a query parameter).",
  "**No origin check**: a state-changing API call from another site's page was served with the shopper's cookies. Such calls (Origin or Sec-Fetch-Site of another site) are a 403. Guarded by: Boundaries and logs (sign-up, cart and review from another origin: 403 and nothing written; the same from the shop's origin served).",
  "**A second process on the embedded folder**: two servers opening one PGlite folder could corrupt it. A server takes the folder's lock at start and exits naming the holder. Guarded by: Boundaries and logs (on the embedded database: a second server refused, the first still serving), lib/db/startup-lock.test.ts.",
  "**500 while PostgreSQL is down**: calls were bare 500s while the database was out of reach. They are 503 with Retry-After, and the shop recovers when it is back. Guarded by: Faults (PostgreSQL stopped in immediate mode under load, then started).",
  "**Jest on a cold cache**: Sentry's Node SDK, started by one test file, hooked the Jest worker and made the next file time out on a fresh clone. It runs in a process of its own. Guarded by: CI's jest runs, each from an empty transform cache (.ci/run); not an HTTP matter.",
  "**`Date.now()` while prerendering on the account pages**: unsealing the session read the clock in the prerender stage that has the cookies, and Next logged it on every visit to /my-account. The session is read after `connection()`. Guarded by: Boundaries and logs (the account pages visited signed in, the log searched for prerender warnings).",
];

const ENGINE = { pglite: "PGlite (embedded)", postgres: "PostgreSQL (a private cluster)" } as const;

/** docs/reliability.md: when and where it ran, then each check with what it did, its figures and what it found. */
export function writeReport(file: string, run: Run): void {
  const passed = run.results.filter((r) => r.passed).length;
  const lines = [
    "# Reliability report",
    "",
    "Written by `npm run test:reliability` (reliability/run.ts): the production build under `node server.mjs`, called over HTTP, with the payment stand-ins beside it. Each check's figures are from the run below; rerun it to refresh them.",
    "",
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${run.commit}`,
    `- Form: ${run.short ? "short (`-- --short`)" : "full"}, soak ${run.soakSeconds} s, ${run.seconds.toFixed(0)} s in all (${(run.seconds / 60).toFixed(1)} min)`,
    `- Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB memory, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, Node ${process.version}`,
    `- Result: ${passed} of ${run.results.length} checks passed`,
    "",
    "| Check | Database | Result | Time |",
    "| --- | --- | --- | --- |",
    ...run.results.map(
      (r) => `| ${r.name} | ${ENGINE[r.engine]} | ${r.passed ? "passed" : "**failed**"} | ${r.seconds.toFixed(0)} s |`,
    ),
    "",
  ];
  lines.push("## Found, fixed, and what guards it now", "", ...FOUND_AND_FIXED.map((f) => `- ${f}`), "");
  for (const r of run.results) {
    lines.push(`## ${r.name}: ${ENGINE[r.engine]}`, "", r.did, "", ...r.figures.map((f) => `- ${f}`), "");
    lines.push(r.findings.length === 0 ? "Found: nothing wrong." : "Found:", "");
    for (const f of r.findings) lines.push(`- ${f.replace(/\n/g, " ").slice(0, 600)}`);
    if (r.findings.length) lines.push("");
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join("\n"));
}
