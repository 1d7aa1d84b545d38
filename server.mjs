#!/usr/bin/env node
/**
 * The shop's production server: Next's request handler behind a plain node:http server.
 *
 *   node server.mjs [-p|--port <port>] [-H|--hostname <host>]
 *
 * Port: -p, else PORT, else 3000 (0 picks a free one). Host: -H, else HOSTNAME, else every
 * interface, as `next start` does. It serves the build in .next (`npm run build` first).
 *
 * Why not `next start`: Next writes the socket's address into X-Forwarded-For only when the
 * request has none, so a header the client made up reaches the app and the real address is lost.
 * Here every request gets the socket's address appended, as each proxy in front does with the
 * address it saw; the app (lib/api/client-ip.ts) then reads the entry TRUSTED_PROXIES places from
 * the right, which only the shop's server or a trusted proxy can have written.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} env
 * @returns {{ port: number; hostname: string | undefined }}
 */
export function serverOptions(argv, env) {
  /** @type {string | undefined} */
  let port = env.PORT || undefined;
  /** @type {string | undefined} */
  let hostname = env.HOSTNAME || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "-p" || flag === "--port") port = value();
    else if (flag === "-H" || flag === "--hostname") hostname = value();
    else throw new Error(`Unknown option ${arg} (usage: node server.mjs [-p <port>] [-H <hostname>])`);
  }
  const portNumber = port === undefined ? 3000 : Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) throw new Error(`Not a TCP port: ${port}`);
  return { port: portNumber, hostname };
}

/**
 * Appends the address of the machine on the other end of the socket to X-Forwarded-For.
 * @param {http.IncomingMessage} req
 * @returns {boolean} false when the socket has already gone (nothing to answer)
 */
export function appendSocketAddress(req) {
  const address = req.socket.remoteAddress;
  if (!address) return false;
  const previous = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = previous ? `${previous}, ${address}` : address;
  return true;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The answer to a request whose path has a segment no decoder can read (a broken escape such as
 * %E0%A4%A, or escaped bytes that are not UTF-8), or null for any other. Next answers such a
 * segment in a route parameter with a bare 500; it names nothing, so it is the caller's mistake.
 * @param {string | undefined} url the request's target, path and query
 * @returns {{ status: number; headers: Record<string, string>; body: string } | null}
 */
export function malformedPathAnswer(url) {
  const pathname = (url ?? "/").split(/[?#]/, 1)[0] ?? "/";
  const readable = pathname.split("/").every((segment) => {
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
  if (readable) return null;
  const message = "The address is malformed";
  if (pathname.startsWith("/api/")) {
    const body = JSON.stringify({ status: 400, code: "malformed_path", message, data: { status: 400 } });
    return { status: 400, headers: { "content-type": "application/json", "cache-control": "no-store" }, body };
  }
  return {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    body: message,
  };
}

/** The methods a route handler can have; Next answers any other with a bare 500 (it throws on TRACE). */
const CALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** A page or a file is read, and a page takes the post of a form sent before its script has loaded. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/**
 * The 405 for a method the address cannot take, or null for one it can. A call (/api/...) takes
 * the methods route handlers can have (each answers its own 405, naming its own, for one it lacks);
 * any other address is a page, a file or a link preview. Next would render a dynamic page for any
 * method, and throw (a 500, logged as an error) on one it does not know, such as TRACE.
 * @param {string | undefined} method
 * @param {string | undefined} url the request's target, path and query
 * @returns {{ status: number; headers: Record<string, string>; body: string } | null}
 */
export function methodRefusal(method, url) {
  const call = (url ?? "/").startsWith("/api/");
  const allowed = call ? CALL_METHODS : PAGE_METHODS;
  if (method && allowed.includes(method)) return null;
  const message = `The method ${method ?? ""} is not allowed here`.replace(/[^\x20-\x7e]/g, "?");
  const headers = { allow: allowed.join(", "), "cache-control": "no-store" };
  if (call) {
    const body = JSON.stringify({ status: 405, code: "method_not_allowed", message, data: { status: 405 } });
    return { status: 405, headers: { ...headers, "content-type": "application/json" }, body };
  }
  return { status: 405, headers: { ...headers, "content-type": "text/plain; charset=utf-8" }, body: message };
}

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than the time
 * nginx keeps its idle connections to the app (`keepalive_timeout` in deploy/nginx.conf's upstream,
 * 55 s): nginx would then send a request on a connection the app is closing, and a POST (a
 * checkout) sent that way is not retried but answered 502. The app must be the one that waits
 * longer, and the header timeout must outlast the keep-alive one (Node's rule).
 */
export const KEEP_ALIVE_MS = 65_000;

/** @param {http.Server} server */
export function keepConnectionsAlive(server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/**
 * Answers a CONNECT (a request to open a tunnel, which a shop never does) with a 405 and closes the
 * connection. Without a listener Node drops the connection without a word.
 * @param {http.IncomingMessage} _req
 * @param {import("node:stream").Duplex} socket
 */
export function refuseConnect(_req, socket) {
  const allow = PAGE_METHODS.join(", ");
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allow}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

/**
 * Headers Next sets for its own routing that name internal addresses (the category view a page was
 * rewritten to, the route that matched): nothing outside the server reads them.
 */
export const INTERNAL_HEADERS = ["x-middleware-rewrite", "x-matched-path"];

/**
 * Takes Next's internal headers off an answer as its head is written (Node writes the head through
 * writeHead, also when a body is written first).
 * @param {http.ServerResponse} res
 */
export function hideInternalHeaders(res) {
  const internal = (/** @type {unknown} */ name) => INTERNAL_HEADERS.includes(String(name).toLowerCase());
  const writeHead = res.writeHead;
  /** @type {any} */ (res).writeHead = function (/** @type {any[]} */ ...args) {
    for (const name of INTERNAL_HEADERS) res.removeHeader(name);
    // Headers given to writeHead itself: an object, or a flat list of names and values.
    const last = args.at(-1);
    if (Array.isArray(last)) {
      const kept = [];
      for (let i = 0; i + 1 < last.length; i += 2) if (!internal(last[i])) kept.push(last[i], last[i + 1]);
      args[args.length - 1] = kept;
    } else if (last && typeof last === "object") {
      args[args.length - 1] = Object.fromEntries(Object.entries(last).filter(([name]) => !internal(name)));
    }
    return writeHead.apply(this, /** @type {any} */ (args));
  };
}

/**
 * The host name Next is told it serves on. Next spells every loopback address "localhost" in the
 * URLs a proxy sees (`request.url`), and treats a proxy rewrite whose origin differs from its own as
 * going to another server: told "127.0.0.1", it sent every rewrite (a category view, a 404) back to
 * itself over HTTP, and with a port chosen by the system, to port 3000 (a 500).
 * @param {string | undefined} hostname what the server listens on
 * @returns {string}
 */
export function nextHostname(hostname) {
  if (!hostname) return "localhost";
  const bare = hostname.replace(/^\[|\]$/g, "");
  return bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare) ? "localhost" : hostname;
}

/**
 * The Cache-Control a browser gets for a router payload (a request with `RSC: 1`): Next sends a
 * prerendered segment with a shared cache's lifetime and a long stale-while-revalidate
 * ("s-maxage=60, stale-while-revalidate=3540"), and Chromium keeps such an answer stale in its
 * own cache and revalidates it in the background. A prefetch of the same segment from the next
 * page then waits on that entry (its cache lock) until the shopper leaves the page, and is cut
 * off: every link's prefetch on the page hangs. The router keeps its own cache of these
 * payloads, so the browser need not keep them; nothing in front of the shop caches pages
 * (deploy/nginx.conf caches only static files).
 * @param {string | undefined} rsc the request's RSC header
 * @param {string | number | string[] | undefined} cacheControl the answer's Cache-Control so far
 * @returns {string | null} the Cache-Control to send instead, or null to leave it as it is
 */
export function routerPayloadCacheControl(rsc, cacheControl) {
  if (rsc !== "1" || typeof cacheControl !== "string") return null;
  return /stale-while-revalidate|s-maxage|max-age=[1-9]/i.test(cacheControl) ? "private, no-store" : null;
}

/**
 * The request's id: the one a proxy in front sent as X-Request-Id when it is a short token of
 * safe characters (it reaches logs and response headers), else a new one.
 * @param {http.IncomingMessage} req
 */
export function requestId(req) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One JSON line per event, as lib/observability/log.ts writes them.
 * @param {"info" | "warn" | "error"} level
 * @param {string} area
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
export function logEvent(level, area, msg, fields = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, area, msg, ...fields });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

/**
 * What the app's bundles share with this file (lib/ops/lifecycle.ts): whether the process is
 * stopping, how long it may take, and the steps to run after the last request.
 * @returns {{ draining: boolean; shutdownTimeoutMs: number | undefined; steps: { name: string; run: () => unknown }[] }}
 */
function lifecycle() {
  const key = Symbol.for("kaya.lifecycle");
  const g = /** @type {Record<symbol, any>} */ (globalThis);
  g[key] ??= { draining: false, shutdownTimeoutMs: undefined, steps: [] };
  return g[key];
}

/** Used when the app has not said (it had not started): the configuration's default. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
const PROBES = new Set(["/api/healthz", "/api/readyz"]);
/**
 * A connection accepted before the signal whose request has not been read yet is given this long
 * to send it: it was made while the shop listened, so its request is answered, not reset.
 */
const UNREAD_CONNECTION_GRACE_MS = 2000;

/**
 * Before the listening socket closes on a stop: how long without a new connection, and at most
 * what share of SHUTDOWN_TIMEOUT_MS (the rest is for finishing what was taken). A busy process
 * takes a queue of a few dozen connections in several seconds, one per turn of its loop.
 */
const QUIET_BEFORE_CLOSE_MS = 300;
const ACCEPT_SHARE_OF_SHUTDOWN = 0.5;

/**
 * Resolves, after a stop signal, once the connections the kernel has queued for the listening
 * socket have all been taken, so that closing it (in the same turn of the event loop, before
 * anything else runs) resets none. Node takes at most one queued connection per turn of its loop,
 * and under a burst one turn (a render) can outlast any quiet period, so a quiet clock alone does
 * not show that the queue is empty. It waits until no connection has come for `quietMs` (readiness
 * already answers 503, so a balancer sends no more), then until one whole turn of the loop has
 * taken none; at most `maxMs` in all.
 * @param {{ taken: number; lastAt: number }} accepted kept up to date by the server's connection listener
 * @param {{ quietMs?: number; maxMs?: number }} [options]
 * @returns {Promise<void>}
 */
export async function queuedConnectionsTaken(
  accepted,
  { quietMs = QUIET_BEFORE_CLOSE_MS, maxMs = DEFAULT_SHUTDOWN_TIMEOUT_MS * ACCEPT_SHARE_OF_SHUTDOWN } = {},
) {
  const since = Date.now();
  const late = () => Date.now() - since >= maxMs;
  while (Date.now() - accepted.lastAt < quietMs && !late()) await new Promise((resolve) => setTimeout(resolve, 10));
  // Immediates run just after the loop's poll for sockets: none taken between two of them means
  // the poll between found the queue empty.
  await new Promise((resolve) => {
    let taken = -1;
    const turn = () => {
      if (accepted.taken === taken || late()) resolve(undefined);
      else {
        taken = accepted.taken;
        setImmediate(turn);
      }
    };
    setImmediate(turn);
  });
}

/**
 * Starts the shop and resolves once it listens. Each request gets an id (X-Request-Id on the
 * answer, `requestId` on every log line written while it runs), the socket's address appended to
 * X-Forwarded-For, and one access-log line when it ends (probes that pass are not logged).
 * `shutdown()` drains: readiness answers 503 at once, the listening socket closes, requests in
 * flight finish (their connections then close), the app's shutdown steps run (the expiry job
 * stops, the database pools close) and Next closes; it resolves false when that took longer
 * than SHUTDOWN_TIMEOUT_MS.
 * @param {{ port: number; hostname?: string; dir?: string }} options
 */
export async function startShop({ port, hostname, dir = ROOT }) {
  process.env.NODE_ENV ??= "production";
  const state = lifecycle();
  const requests = new AsyncLocalStorage();
  /** @type {Record<symbol, unknown>} */ (globalThis)[Symbol.for("kaya.request-context")] = requests;
  // Loaded after NODE_ENV is settled, as Next's own command does.
  const { default: next } = await import("next");
  const server = keepConnectionsAlive(http.createServer());
  const app = next({ dev: false, dir, hostname: nextHostname(hostname), port, httpServer: server });
  const handle = app.getRequestHandler();
  await app.prepare();

  let inFlight = 0;
  /**
   * Every open connection: how many requests it has carried and the answer it is writing, so a
   * drain closes only those with nothing to do (keep-alive between requests) and lets the others
   * finish. Node's own close also drops connections whose request has not been read yet.
   * @type {Map<import("node:net").Socket, { requests: number; res: http.ServerResponse | null; grace?: NodeJS.Timeout }>}
   */
  const connections = new Map();
  const accepted = { taken: 0, lastAt: 0 };
  server.on("connection", (socket) => {
    accepted.taken++;
    accepted.lastAt = Date.now();
    connections.set(socket, { requests: 0, res: null });
    socket.once("close", () => {
      clearTimeout(connections.get(socket)?.grace);
      connections.delete(socket);
    });
  });
  /** Closes the connections that carry no request now; an unread one after its grace. */
  const closeIdle = () => {
    for (const [socket, conn] of connections) {
      if (conn.res) {
        if (!conn.res.headersSent) conn.res.setHeader("Connection", "close");
      } else if (conn.requests > 0) socket.destroy();
      else
        // Checked after the loop's next read of the sockets (setImmediate): a timer can fire before
        // the data that arrived while the loop was busy rendering has been read.
        conn.grace ??= setTimeout(
          () => setImmediate(() => conn.requests === 0 && connections.has(socket) && socket.destroy()),
          UNREAD_CONNECTION_GRACE_MS,
        );
    }
  };

  server.on("connect", refuseConnect);
  server.on("request", (req, res) => {
    if (!appendSocketAddress(req)) {
      req.socket.destroy();
      return;
    }
    const id = requestId(req);
    const started = process.hrtime.bigint();
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    if (state.draining) res.setHeader("Connection", "close");
    inFlight++;
    const conn = connections.get(req.socket);
    if (conn) {
      conn.requests++;
      conn.res = res;
    }
    res.once("close", () => {
      inFlight--;
      if (conn && conn.res === res) conn.res = null;
      const path = (req.url ?? "/").split("?")[0];
      const status = res.writableFinished ? res.statusCode : 0;
      if (!(PROBES.has(path) && status === 200)) {
        const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
        logEvent(
          status >= 500 || status === 0 ? "warn" : "info",
          "http",
          `${req.method} ${path} ${status || "cut off"}`,
          { method: req.method, path, status, ms, requestId: id },
        );
      }
      // The connection is not reused while stopping: the answer said Connection: close, or it
      // began before the signal and the client is told by the connection closing after it.
      if (state.draining && conn && !conn.res && res.writableFinished) req.socket.destroySoon();
    });
    // Read now: Next takes the router's headers off the request before it answers.
    const rsc = req.headers.rsc;
    if (rsc === "1") {
      const writeHead = res.writeHead;
      res.writeHead = function (...args) {
        const fixed = routerPayloadCacheControl(rsc, res.getHeader("cache-control"));
        if (fixed) res.setHeader("Cache-Control", fixed);
        return writeHead.apply(this, args);
      };
    }
    hideInternalHeaders(res);
    const refused = methodRefusal(req.method, req.url) ?? malformedPathAnswer(req.url);
    if (refused) {
      res.writeHead(refused.status, refused.headers);
      res.end(refused.body);
      return;
    }
    requests.run({ requestId: id }, () =>
      handle(req, res).catch((err) => {
        logEvent("error", "http", `failed to handle ${req.method} ${(req.url ?? "/").split("?")[0]}`, {
          error: err instanceof Error ? err.name : typeof err,
          requestId: id,
        });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end("Internal Server Error");
      }),
    );
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shownHost =
    !hostname || hostname === "0.0.0.0" || hostname === "::"
      ? "localhost"
      : hostname.includes(":")
        ? `[${hostname}]`
        : hostname;
  const url = `http://${shownHost}:${actualPort}`;

  /** @type {Promise<boolean> | undefined} */
  let stopping;
  /** After the last connection closed: the app's steps, then Next. */
  const finish = async () => {
    for (const step of state.steps) {
      try {
        await step.run();
        logEvent("info", "shutdown", `${step.name}: stopped`);
      } catch (err) {
        logEvent("error", "shutdown", `${step.name} did not stop cleanly`, {
          error: err instanceof Error ? err.message : typeof err,
        });
      }
    }
    await app.close();
  };
  const shutdown = () => {
    stopping ??= (async () => {
      state.draining = true;
      const timeoutMs = state.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      // Connections the kernel has queued but Node has not taken yet are taken (and answered)
      // first: closing the listening socket would reset them.
      await queuedConnectionsTaken(accepted, { maxMs: timeoutMs * ACCEPT_SHARE_OF_SHUTDOWN });
      // The listening socket only (net's close): http's would also drop unread connections. Its
      // callback comes once every connection has closed.
      const closed = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve(undefined)));
      closeIdle();
      logEvent(
        "info",
        "shutdown",
        `stopping: no new connections; finishing ${inFlight} request(s) in flight, then closing (at most ${timeoutMs} ms)`,
      );
      const done = await Promise.race([closed.then(finish).then(() => true), late]);
      clearTimeout(timer);
      if (done) logEvent("info", "shutdown", "stopped cleanly");
      else
        logEvent(
          "error",
          "shutdown",
          `not stopped within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): ${inFlight} request(s) cut off`,
        );
      return done;
    })();
    return stopping;
  };
  return { server, app, url, port: actualPort, shutdown };
}

async function main() {
  const options = serverOptions(process.argv.slice(2), process.env);
  const shop = await startShop(options);
  logEvent("info", "server", `Kaya Living is listening on ${shop.url}`, { url: shop.url, pid: process.pid });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (lifecycle().draining) {
        // A second signal: the operator wants it gone now.
        process.exit(1);
      }
      // Exiting runs the process's exit hooks (the embedded database's lock is released there).
      void shop.shutdown().then((clean) => process.exit(clean ? 0 : 1));
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    logEvent("error", "server", `not started: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
