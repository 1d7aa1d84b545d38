import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";
import { PER_PAGE } from "@/lib/catalog/search-params";
import { SORT_OPTIONS } from "@/lib/catalog/types";
import { INFO_PAGES } from "@/lib/content/info-pages";
import { OG_IMAGE_LIMIT } from "@/lib/seo/og-limit";
import { Client, freshAddress, sleep, Stats, type Answer } from "../support/http";
import { ROOT, Shop } from "../support/processes";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

/** The pages a running process writes to the page cache (lib/cache/incremental-handler.mjs). */
const RUNTIME_PAGES = path.join(ROOT, ".next", "server", "route-cache");
/** Next's routing headers, which name internal addresses. */
const INTERNAL_HEADERS = ["x-middleware-rewrite", "x-matched-path"];
/** How much the shop's memory may grow over the addresses, in MB: well under one page per address. */
const RSS_GROWTH_MB = 150;
/** The preview's rate under 8 connections, at least, as a share of a cached page's under the same. */
const PREVIEW_SHARE_OF_PAGE_RATE = 0.25;

function runtimePages(): { entries: number; mb: number } {
  if (!fs.existsSync(RUNTIME_PAGES)) return { entries: 0, mb: 0 };
  let entries = 0;
  let bytes = 0;
  for (const e of fs.readdirSync(RUNTIME_PAGES, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    if (e.name.endsWith(".meta")) entries++;
    bytes += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return { entries, mb: bytes / 1024 / 1024 };
}

/** The raw answer's first line to a CONNECT, which no HTTP client library sends. */
function connectStatus(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
    );
    let text = "";
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("data", (c: Buffer) => (text += c.toString()));
    socket.on("close", () => resolve(text.split("\r\n")[0] || "connection closed without an answer"));
    socket.on("error", () => undefined);
  });
}

/** Runs `body` on `connections` loops until `ms` have passed. */
async function hammer(connections: number, ms: number, body: (i: number) => Promise<unknown>): Promise<void> {
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; Date.now() < until; i += connections) await body(i);
    }),
  );
}

export async function edge(ctx: RunContext): Promise<CheckResult> {
  const addresses = ctx.short ? 600 : 3000;
  return runCheck(
    ctx,
    "The edge of the app",
    `${addresses} distinct addresses a visitor can make up (category views with any min, max and page, information pages under any leading slug, unknown query keys), counting the pages the shop writes to its cache and its resident memory before and after; link previews under 8 connections for some seconds, measuring a cached product page meanwhile and the preview route's rate, then one address asking for more previews than its limit; TRACE, CONNECT and other methods no page takes, on pages, calls and files, with the log searched for errors; every answer's headers searched for Next's internal routing headers; and the shop started again with SITE_PASSWORD, asking for information pages beside the folders the proxy skips.`,
    async (figures, findings) => {
      const fail = (what: string) => findings.push(what);
      const client = ctx.client();
      const leaked = new Set<string>();
      const watch = (a: Answer, what: string) => {
        for (const h of INTERNAL_HEADERS) if (a.headers[h] !== undefined) leaked.add(`${h} on ${what}`);
        return a;
      };

      // Cache-key growth: made-up addresses are redirects, renders kept nowhere, or the catalogue's own views.
      // Each category with its published products: how many pages its views have.
      const categories = await ctx.withSql((sql) =>
        sql.query<{ slug: string; n: number }>(
          "select c.slug, count(p.id)::int as n from categories c left join products p on p.category_id = c.id and p.published group by c.slug",
        ),
      );
      // Every view the catalogue has, and price ranges, twice: what follows can only add what it
      // makes up, and the shop has served pages of every kind before its memory is measured.
      const warm = ["/", "/info/faqs"];
      for (const { slug } of categories)
        for (const { value: sort } of SORT_OPTIONS)
          for (const fabric of ["", ...FABRICS.map((f) => f.slug)])
            warm.push(`/product-category/${slug}?sort=${sort}${fabric ? `&fabric=${fabric}` : ""}`);
      for (let i = 0; i < 60; i++)
        warm.push(`/product-category/${categories[i % categories.length]!.slug}?min=${i * 100}`);
      for (let round = 0; round < 2; round++) {
        let w = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (w < warm.length) {
              const p = warm[w++]!;
              watch(await client.send({ path: p, headers: { accept: "text/html" } }), p);
            }
          }),
        );
      }
      await sleep(2000);
      const before = { ...runtimePages(), rss: ctx.shop.rssMb() };
      const made = new Stats();
      const hostile = ctx.client(made);
      const urls: string[] = [];
      for (let i = 0; i < addresses; i++) {
        const c = categories[i % categories.length]!.slug;
        const fabric = FABRICS[i % FABRICS.length]!.slug;
        const sort = SORT_OPTIONS[i % SORT_OPTIONS.length]!.value;
        urls.push(
          [
            `/product-category/${c}?min=${1000 + i}`,
            `/product-category/${c}?max=${50_000 + i}&sort=${sort}`,
            `/product-category/${c}?page=${2 + i}`,
            `/x${i}/${INFO_PAGES[i % INFO_PAGES.length]!.slug}`,
            `/product-category/${c}?utm_x${i}=1&sort=${sort}&fabric=${fabric}`,
            `/product-category/${c}?fabric=${fabric}&page=${i}&gclid=${i}`,
          ][i % 6]!,
        );
      }
      let next = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < urls.length) {
            const u = urls[next++]!;
            watch(await hostile.send({ path: u, headers: { accept: "text/html" } }), u);
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      await sleep(3000);
      const after = { ...runtimePages(), rss: ctx.shop.rssMb() };
      // What the catalogue allows: each category's sorts, each with no fabric or one, on each of
      // its pages, and the nine information pages.
      const bound =
        categories.reduce(
          (sum, c) => sum + SORT_OPTIONS.length * (1 + FABRICS.length) * Math.max(1, Math.ceil(c.n / PER_PAGE)),
          0,
        ) + INFO_PAGES.length;
      const grew = after.entries - before.entries;
      figures.push(
        `${addresses} made-up addresses in ${seconds.toFixed(0)} s (${made.summary()}): page cache ${before.entries} → ${after.entries} entries (${before.mb.toFixed(1)} → ${after.mb.toFixed(1)} MB on disk; at most ${bound} by the catalogue); resident memory ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB`,
      );
      if (grew > bound)
        fail(`the page cache grew by ${grew} entries over ${addresses} addresses (the catalogue allows ${bound})`);
      if (after.rss - before.rss > RSS_GROWTH_MB)
        fail(`resident memory grew ${(after.rss - before.rss).toFixed(0)} MB (allowed ${RSS_GROWTH_MB})`);
      if (made.count((s) => s >= 500) > 0) fail(`made-up addresses answered 5xx: ${made.summary()}`);

      // Link previews under load: a cached product page meanwhile, and the preview's rate.
      const product = "eden-2-seater";
      const page = await client.send({ path: `/product/${product}`, headers: { accept: "text/html" } });
      const og = /<meta property="og:image" content="[^"]*?(\/og\/product\/[^"]+)"/.exec(page.text)?.[1];
      if (!og) fail("the product page names no link preview");
      const preview = og ? await client.send({ path: og, headers: freshAddress() }) : null;
      if (
        preview &&
        (preview.status !== 200 || preview.headers["cache-control"] !== "public, max-age=31536000, immutable")
      )
        fail(`the versioned preview answered ${preview.status}, Cache-Control ${preview.headers["cache-control"]}`);
      // The same load twice: 8 connections on the product page itself, then on its preview (each
      // request from its own address, so the limit does not hide the cost), a ninth on the page.
      const loadMs = ctx.short ? 6000 : 20_000;
      const underLoad = async (target: string) => {
        const page = new Stats();
        const load = new Stats();
        let on = true;
        const paging = (async () => {
          await sleep(500);
          while (on) await ctx.client(page).send({ path: `/product/${product}` });
        })();
        const started = Date.now();
        await hammer(8, loadMs, () => ctx.client(load).send({ path: target, headers: freshAddress() }));
        const perSecond = load.requests / ((Date.now() - started) / 1000);
        on = false;
        await paging;
        return { page, load, perSecond };
      };
      const onPages = await underLoad(`/product/${product}`);
      const previews = await underLoad(og ?? `/og/product/${product}`);
      const ogStats = previews.load;
      figures.push(
        `8 connections on the cached product page: ${onPages.perSecond.toFixed(0)} requests/s, a ninth on it: p50 ${onPages.page.percentile(50).toFixed(0)} ms, p99 ${onPages.page.percentile(99).toFixed(0)} ms`,
        `8 connections on its link preview: ${previews.perSecond.toFixed(0)} requests/s (${ogStats.summary()}), a ninth on the page: p50 ${previews.page.percentile(50).toFixed(0)} ms, p99 ${previews.page.percentile(99).toFixed(0)} ms`,
      );
      // A preview once drawn costs about what a cached page does: drawn each time, it ran at a
      // fiftieth of the page's rate and held the page up behind each drawing.
      if (previews.perSecond < PREVIEW_SHARE_OF_PAGE_RATE * onPages.perSecond)
        fail(
          `the preview ran at ${previews.perSecond.toFixed(0)} requests/s, under ${PREVIEW_SHARE_OF_PAGE_RATE * 100}% of the cached page's ${onPages.perSecond.toFixed(0)}`,
        );
      const p99Allowed = 2 * onPages.page.percentile(99) + 50;
      if (previews.page.percentile(99) > p99Allowed)
        fail(
          `a cached product page's p99 under preview load was ${previews.page.percentile(99).toFixed(0)} ms (allowed ${p99Allowed.toFixed(0)}: twice its p99 under the same load of pages, and 50 ms)`,
        );
      if (ogStats.count((s) => s !== 200) > 0) fail(`previews from distinct addresses: ${ogStats.summary()}`);
      const one = freshAddress();
      const fromOne = new Stats();
      for (let i = 0; i < OG_IMAGE_LIMIT.limit + 10; i++)
        await ctx.client(fromOne).send({ path: `/og/product/${product}`, headers: one });
      figures.push(`${OG_IMAGE_LIMIT.limit + 10} previews from one address: ${fromOne.summary()}`);
      if (fromOne.count((s) => s === 429) !== 10) fail(`one address past the preview limit: ${fromOne.summary()}`);

      // Methods: 405 naming what is allowed, never a 500, nothing logged as an error.
      ctx.shop.clearLog();
      const methods = new Stats();
      const wrong: string[] = [];
      for (const method of [
        "TRACE",
        "PROPFIND",
        "MKCOL",
        "PURGE",
        "SEARCH",
        "QUERY",
        "LINK",
        "PUT",
        "DELETE",
        "OPTIONS",
      ]) {
        for (const p of ["/", `/product/${product}`, "/info/faqs", "/images/generated/hero.svg", "/no/such/page"]) {
          const a = watch(await ctx.client(methods).send({ method, path: p }), `${method} ${p}`);
          if (a.status !== 405 || !a.headers.allow) wrong.push(`${method} ${p} → ${a.status}`);
        }
      }
      for (const method of ["TRACE", "PROPFIND", "PURGE"]) {
        const a = await ctx.client(methods).send({ method, path: "/api/cart" });
        if (a.status !== 405 || !a.headers.allow) wrong.push(`${method} /api/cart → ${a.status}`);
      }
      const connect = await connectStatus(ctx.shop.url);
      if (!connect.startsWith("HTTP/1.1 405")) wrong.push(`CONNECT → ${connect}`);
      await sleep(500);
      const errors = ctx.shop.logged(/"level":"error"/);
      figures.push(`odd methods: ${methods.summary()}; CONNECT → ${connect}; error lines logged: ${errors.length}`);
      for (const w of wrong.slice(0, 10)) fail(`expected a 405 naming the methods allowed: ${w}`);
      for (const l of errors.slice(0, 3)) fail(`logged an error: ${l.slice(0, 300)}`);

      // Internal headers, on answers of every kind.
      for (const p of [
        "/product-category/couches?sort=newest",
        "/product-category/couches?min=5000",
        "/kaya/faqs",
        "/info/faqs",
        "/no/such/page",
        "/api/cart",
      ]) {
        watch(await client.send({ path: p, headers: { accept: "text/html" } }), p);
        watch(await client.send({ path: p, headers: { rsc: "1" } }), `${p} (router payload)`);
      }
      figures.push(`internal routing headers seen: ${leaked.size === 0 ? "none" : [...leaked].slice(0, 5).join("; ")}`);
      for (const l of [...leaked].slice(0, 5)) fail(`an internal header left the server: ${l}`);

      // The site gate and the folders the proxy skips: the shop started again with SITE_PASSWORD.
      const gated = new Shop({ ...ctx.shop.options, db: { ...ctx.shop.options.db, SITE_PASSWORD: "edge-check-gate" } });
      await ctx.shop.stop();
      try {
        await gated.start();
        const visitor = new Stats();
        const through: string[] = [];
        for (const p of [
          "/images/about-us",
          "/_next/about-us",
          "/favicon.ico.x/contact-us",
          "/images-x/faqs",
          "/info/about-us",
        ]) {
          const a = await new Client(gated.url, visitor).send({
            path: p,
            headers: { accept: "text/html" },
          });
          const gate = a.text.includes("Site Login");
          if (!gate || /<title>(About us|Contact us|FAQs)/.test(a.text)) through.push(`${p} → ${a.status}`);
        }
        figures.push(
          `with SITE_PASSWORD, pages beside the skipped folders: ${visitor.summary()}; past the gate: ${through.length}`,
        );
        for (const t of through) fail(`an information page past the site gate: ${t}`);
      } finally {
        await gated.stop();
        await ctx.shop.start();
      }
      return findings.length === 0;
    },
  );
}
