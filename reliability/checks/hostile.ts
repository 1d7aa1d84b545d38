import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { freshAddress, isContractError, type Answer, type Send } from "../support/http";
import { ROOT } from "../support/processes";
import { Customer, Guest } from "../support/shopper";
import { changedRows, pool, rowCounts, runCheck, type CheckResult, type RunContext } from "../support/context";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Route = { url: string; methods: string[]; api: boolean; readsParams: boolean };

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const APP = path.join(ROOT, "app");
const segmentsOf = (file: string) =>
  path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => !/^\(.*\)$/.test(s));

/** Every route handler under app/, with the methods its file exports. */
export function routeHandlers(): Route[] {
  return walk(APP)
    .filter((f) => /\/route\.tsx?$/.test(f) && !/\[/.test(path.relative(APP, f)))
    .map((file) => {
      const source = fs.readFileSync(file, "utf8");
      const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g)]
        .map((m) => m[1]!)
        .filter((m) => METHODS.includes(m));
      const url = `/${segmentsOf(file).join("/")}`;
      // The gateways send the shopper's browser back to these: an answer is a redirect, not the API's body.
      const api = url.startsWith("/api/") && !/\/return$/.test(url);
      return { url, methods, api, readsParams: /\b(parseParams|readParams)\(/.test(source) };
    })
    .filter((r) => r.methods.length > 0)
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** Every page or route with a dynamic segment: the segments, for filling in. */
export function dynamicRoutes(): string[][] {
  return walk(APP)
    .filter((f) => /\/(page\.tsx|route\.tsx?)$/.test(f) && /\/\[/.test(path.relative(APP, f)))
    .map(segmentsOf);
}

const FIELDS = [
  "email",
  "password",
  "token",
  "cartKey",
  "itemKey",
  "productId",
  "productQuantity",
  "variation",
  "promoCode",
  "customer_id",
  "rating",
  "name",
  "title",
  "message",
  "phone",
  "idempotencyKey",
  "paymentMethod",
  "shipping",
  "campaign",
  "code",
  "consent",
  "key",
];
const NUL = "\u0000";
const LONE = "\ud800";

/** An object as the pairs a client sends, in order, whatever their names. */
class Entries {
  constructor(readonly pairs: Array<[string, unknown]>) {}
}

/** Serialises entries as JSON text, keeping keys JSON.stringify would drop or an object literal would swallow (__proto__). */
function jsonText(value: unknown): string {
  if (value instanceof Entries)
    return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  return JSON.stringify(value) ?? "null";
}

const hasMarker = (value: unknown): boolean => {
  if (typeof value === "string")
    return value.includes(NUL) || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
  if (value instanceof Entries)
    return value.pairs.some(
      ([k, v]) => k === "__proto__" || k === "constructor" || k === "prototype" || hasMarker(k) || hasMarker(v),
    );
  if (Array.isArray(value)) return value.some(hasMarker);
  return false;
};

/** A known-bad case: `strict` ones must be a 4xx whatever the route; the others must never be a 5xx. */
type Case = {
  name: string;
  strict: boolean;
  body?: boolean;
  onlyWhereRead?: boolean;
  send: (url: string, method: string) => Send;
};

const big = (n: number) => "x".repeat(n);
const json = (text: string, type = "application/json") => ({ body: text, headers: { "content-type": type } });

export const KNOWN_BAD: Case[] = [
  {
    name: "NUL in a query value",
    strict: true,
    send: (u, m) => ({ method: m, path: `${u}?cartKey=abc%00def&email=a%00b` }),
  },
  { name: "NUL in a query name", strict: true, send: (u, m) => ({ method: m, path: `${u}?a%00b=1` }) },
  {
    name: "__proto__ in the query",
    strict: true,
    onlyWhereRead: true,
    send: (u, m) => ({ method: m, path: `${u}?__proto__[isAdmin]=1` }),
  },
  {
    name: "constructor.prototype in the query",
    strict: true,
    onlyWhereRead: true,
    send: (u, m) => ({ method: m, path: `${u}?constructor[prototype][isAdmin]=1` }),
  },
  {
    name: "bare __proto__=NUL in the query (Next drops it before the app)",
    strict: false,
    send: (u, m) => ({ method: m, path: `${u}?__proto__=%00` }),
  },
  {
    name: "a NUL in the session cookie",
    strict: true,
    send: (u, m) => ({ method: m, path: u, headers: { cookie: "kaya_session=abc%00def" } }),
  },
  {
    name: "JSON with NUL in every field",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json(jsonText(new Entries(FIELDS.map((f) => [f, `x${NUL}y`])))) }),
  },
  {
    name: "JSON with a lone surrogate",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json(jsonText(new Entries(FIELDS.map((f) => [f, `Cape${LONE}Town`])))) }),
  },
  {
    name: "JSON __proto__ key",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json('{"__proto__":{"isAdmin":true},"email":"a@example.co.za"}') }),
  },
  {
    name: "JSON constructor.prototype nested",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json('{"shipping":{"constructor":{"prototype":{"isAdmin":true}}}}') }),
  },
  {
    name: "form __proto__[x]",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, form: { "__proto__[x]": "y", email: "a@example.co.za" } }),
  },
  {
    name: "form with NUL",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json("email=a%00b&password=x", "application/x-www-form-urlencoded") }),
  },
  {
    name: "malformed JSON",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json('{"email": "a@example.co.za", ') }),
  },
  {
    name: "JSON sent as text/plain",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json('{"email":"a@example.co.za"}', "text/plain;charset=UTF-8") }),
  },
  {
    name: "XML body",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json("<?xml version='1.0'?><a>1</a>", "application/xml") }),
  },
  {
    name: "body over the limit (70 kB)",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json(JSON.stringify({ message: big(70 * 1024) })) }),
  },
  {
    name: "body of 2 MB",
    strict: true,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json(`a=${big(2 * 1024 * 1024)}`, "application/x-www-form-urlencoded") }),
  },
  {
    name: "empty JSON object (missing fields)",
    strict: false,
    body: true,
    send: (u, m) => ({ method: m, path: u, json: {} }),
  },
  { name: "empty body", strict: false, body: true, send: (u, m) => ({ method: m, path: u, ...json("") }) },
  {
    name: "JSON null, array, string, number",
    strict: false,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json('[null,[],"x",1e999]') }),
  },
  {
    name: "extra fields",
    strict: false,
    body: true,
    send: (u, m) => ({
      method: m,
      path: u,
      json: { unexpected: true, admin: 1, role: "staff", status: "paid", totalCents: 1 },
    }),
  },
  {
    name: "wrong types",
    strict: false,
    body: true,
    send: (u, m) => ({
      method: m,
      path: u,
      json: {
        email: 123,
        password: true,
        productId: "abc",
        productQuantity: [],
        cartKey: {},
        token: [1],
        rating: "five",
        customer_id: { id: 1 },
        shipping: "here",
        paymentMethod: 7,
        idempotencyKey: null,
      },
    }),
  },
  {
    name: "huge numbers",
    strict: false,
    body: true,
    send: (u, m) => ({
      method: m,
      path: `${u}?customer_id=99999999999999999999999`,
      ...json(
        '{"productId":1e308,"productQuantity":9007199254740993,"customer_id":-1e400,"rating":1e21,"expectedTotal":-0.5}',
      ),
    }),
  },
  {
    name: "huge strings (20 kB each)",
    strict: false,
    body: true,
    send: (u, m) => ({
      method: m,
      path: u,
      json: Object.fromEntries(["email", "password", "cartKey", "promoCode", "name"].map((f) => [f, big(12 * 1024)])),
    }),
  },
  {
    name: "nested 2 000 deep",
    strict: false,
    body: true,
    send: (u, m) => ({ method: m, path: u, ...json(`{"shipping":${"[".repeat(2000)}${"]".repeat(2000)}}`) }),
  },
  { name: "long query (6 kB)", strict: false, send: (u, m) => ({ method: m, path: `${u}?email=${big(6 * 1024)}` }) },
];

const hostileString = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string().map((s) => `${s}${NUL}`),
  fc.string().map((s) => `${LONE}${s}`),
  fc.constantFrom(
    "",
    " ",
    "%00",
    "__proto__",
    "constructor",
    "{}",
    "[]",
    "null",
    "NaN",
    "-1",
    "1e309",
    "😀".repeat(50),
    "\udfff",
    "<script>alert(1)</script>",
    "' or 1=1 --",
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308, null, true, false),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...FIELDS, "__proto__", "constructor", "prototype"), hostileString),
        tie("value"),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => new Entries(pairs)),
})).value;
const payload = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...FIELDS), fc.constantFrom("__proto__", "constructor"), hostileString),
      hostileValue,
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((p) => new Entries(p));

function asQuery(e: Entries): string {
  const q = new URLSearchParams();
  for (const [k, v] of e.pairs) q.append(k, typeof v === "string" ? v : jsonText(v));
  return q.toString();
}

/** Hostile values for a page's route parameter. */
const SEGMENT_VALUES = [
  "%00",
  "a%00b",
  "__proto__",
  "constructor",
  "..%2F..%2Fetc%2Fpasswd",
  "%E0%A4%A",
  "%ED%A0%80",
  "99999999999999999999999",
  "-1",
  "1e3",
  "0x10",
  big(3000),
  "%F0%9F%98%80",
  "null",
  "%20",
  "a'b\"c<d>",
];

type Tally = {
  strictNot4xx: string[];
  fiveHundreds: string[];
  noContractBody: string[];
  accepted: Map<string, number>;
};

/**
 * A body over the limit is refused before it is read, with Connection: close (lib/api/boundary.ts);
 * RFC 9110 (15.5.14) lets the server close the connection, so a client still writing a large body
 * may meet the closed socket (EPIPE, ECONNRESET) before it reads the 413. That is a refusal.
 */
const OVER_LIMIT_BYTES = 64 * 1024;
function closedOnOversizedBody(a: Answer, bodyBytes: number): boolean {
  return a.status === 0 && bodyBytes > OVER_LIMIT_BYTES && /EPIPE|ECONNRESET/.test(a.error ?? "");
}

function judge(t: Tally, what: string, sent: string, a: Answer, strict: boolean, api: boolean, bodyBytes = 0): void {
  if (closedOnOversizedBody(a, bodyBytes)) return;
  if (a.status === 0 || a.status >= 500) {
    t.fiveHundreds.push(`${what} → ${a.status || a.error}: ${a.text.slice(0, 160)}`);
    return;
  }
  if (a.status >= 400 && a.status < 500) {
    if (api && !isContractError(a)) t.noContractBody.push(`${what} → ${a.status}: ${a.text.slice(0, 120)}`);
    return;
  }
  if (strict && (api || a.status < 300)) t.strictNot4xx.push(`${what} → ${a.status} (${sent.slice(0, 200)})`);
  else t.accepted.set(what.split(" ·")[0]!, (t.accepted.get(what.split(" ·")[0]!) ?? 0) + 1);
}

export async function hostileInput(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Hostile input",
    "Every route handler under app/ (found on disk, each exported method) gets the known-bad table (wrong types, missing and extra fields, empty, huge strings and numbers, NUL and lone surrogates, __proto__ and constructor keys, deep nesting, wrong content types, bodies over the limit) and fast-check payloads, as JSON and as a query; every page and route with a dynamic segment gets hostile segment values, signed in and with an order key. Row counts of the shop's tables are compared before and after.",
    async (figures, findings) => {
      const client = ctx.client();
      const customer = await new Customer(client).register();
      const guest = new Guest(client);
      await guest.add(ctx.catalogue.pebbleId);
      const placed = await guest.checkout();
      const order = (placed.json as { order?: { id: number; key: string } }).order;
      if (!order)
        throw new Error(`the order for the page checks was not placed: ${placed.status} ${placed.text.slice(0, 200)}`);
      const before = await ctx.withSql(rowCounts);

      const routes = routeHandlers();
      const t: Tally = { strictNot4xx: [], fiveHundreds: [], noContractBody: [], accepted: new Map() };
      const jobs: Array<{ what: string; send: Send; strict: boolean; api: boolean; page?: true }> = [];
      const samples = ctx.short ? 6 : 25;
      for (const r of routes) {
        for (const m of r.methods) {
          for (const c of KNOWN_BAD) {
            if (c.body && !WITH_BODY.has(m)) continue;
            jobs.push({
              what: `${m} ${r.url} · ${c.name}`,
              send: c.send(r.url, m),
              strict: c.strict && (!c.onlyWhereRead || r.readsParams),
              api: r.api,
            });
          }
          for (const [i, p] of fc.sample(payload, { numRuns: samples, seed: 4242 + jobs.length }).entries()) {
            // Next drops a bare __proto__ query parameter before any handler runs, so only the others must be refused.
            const seen = new Entries(p.pairs.filter(([k]) => k !== "__proto__"));
            jobs.push({
              what: `${m} ${r.url} · fast-check query #${i}`,
              send: { method: m, path: `${r.url}?${asQuery(p)}` },
              strict: /%00/.test(asQuery(seen)),
              api: r.api,
            });
            if (WITH_BODY.has(m))
              jobs.push({
                what: `${m} ${r.url} · fast-check JSON #${i}`,
                send: { method: m, path: r.url, body: jsonText(p), headers: { "content-type": "application/json" } },
                strict: hasMarker(p),
                api: r.api,
              });
          }
        }
      }
      const pages = dynamicRoutes();
      const fill = (segments: string[], value: string) =>
        `/${segments.map((s) => (/^\[.*\]$/.test(s) ? value : s)).join("/")}`;
      const segmentSamples = fc
        .sample(fc.string({ unit: "binary", minLength: 1, maxLength: 40 }), { numRuns: ctx.short ? 4 : 20, seed: 7 })
        .map(encodeURIComponent);
      for (const segments of pages) {
        for (const value of [...SEGMENT_VALUES, ...segmentSamples]) {
          const strict = /%00/.test(value);
          const url = `${fill(segments, value)}?key=${encodeURIComponent(order.key)}`;
          jobs.push({
            what: `GET ${fill(segments, "[…]")} · segment ${value.slice(0, 30)}`,
            send: { path: url, headers: { ...customer.cookie, accept: "text/html" } },
            strict,
            api: false,
            page: true,
          });
        }
      }

      const pageClient = ctx.client();
      await pool(jobs, 4, async (job) => {
        const a = await (job.page ? pageClient : client).send({
          ...job.send,
          headers: { ...freshAddress(), ...job.send.headers },
        });
        judge(
          t,
          job.what,
          `${job.send.path} ${job.send.body ? String(job.send.body).slice(0, 120) : ""}`,
          a,
          job.strict,
          job.api,
          typeof job.send.body === "string" || Buffer.isBuffer(job.send.body) ? Buffer.byteLength(job.send.body) : 0,
        );
      });

      const after = await ctx.withSql(rowCounts);
      const changed = changedRows(before, after);
      const methods = routes.reduce((n, r) => n + r.methods.length, 0);
      figures.push(
        `${routes.length} route files, ${methods} route methods, ${pages.length} dynamic pages and routes; ${KNOWN_BAD.length} known-bad cases, ${samples} fast-check payloads per method (as a query, and as JSON for methods with a body), ${SEGMENT_VALUES.length + segmentSamples.length} values per route parameter`,
      );
      figures.push(`route handlers: ${client.stats.summary()}`);
      figures.push(`route parameters: ${pageClient.stats.summary()}`);
      figures.push(
        `rows checked: ${Object.keys(before).length} tables and sums (${Object.entries(before)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}), ${changed.length} changed`,
      );
      const acceptedLines = [...t.accepted.entries()].sort(([, a], [, b]) => b - a);
      figures.push(
        `answered 2xx/3xx to cases that need not be refused (no required input, or a redirect for a browser): ${
          acceptedLines.length === 0
            ? "none"
            : acceptedLines
                .slice(0, 12)
                .map(([k, n]) => `${k} ×${n}`)
                .join("; ")
        }`,
      );
      for (const f of t.fiveHundreds.slice(0, 15)) findings.push(`5xx: ${f}`);
      for (const f of t.strictNot4xx.slice(0, 15)) findings.push(`not refused: ${f}`);
      for (const f of t.noContractBody.slice(0, 15)) findings.push(`4xx without the contract's error body: ${f}`);
      if (changed.length) findings.push(`rows changed by refused calls: ${changed.join("; ")}`);
      figures.push(
        `5xx: ${t.fiveHundreds.length}; hostile values not refused: ${t.strictNot4xx.length}; 4xx without the contract's body: ${t.noContractBody.length}`,
      );
      return (
        t.fiveHundreds.length === 0 &&
        t.strictNot4xx.length === 0 &&
        t.noContractBody.length === 0 &&
        changed.length === 0
      );
    },
  );
}
