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
import http from "node:http";
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
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
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

/**
 * Starts the shop and resolves once it listens. Requests pass through the steps below before Next
 * sees them; further steps (health checks, draining on shutdown) belong in the same place.
 * @param {{ port: number; hostname?: string; dir?: string }} options
 */
export async function startShop({ port, hostname, dir = ROOT }) {
  process.env.NODE_ENV ??= "production";
  // Loaded after NODE_ENV is settled, as Next's own command does.
  const { default: next } = await import("next");
  const server = http.createServer();
  const app = next({ dev: false, dir, hostname: hostname ?? "localhost", port, httpServer: server });
  const handle = app.getRequestHandler();
  await app.prepare();

  server.on("request", (req, res) => {
    if (!appendSocketAddress(req)) {
      req.socket.destroy();
      return;
    }
    handle(req, res).catch((err) => {
      console.error(`Failed to handle ${req.method} ${req.url}`, err);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal Server Error");
    });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const shownHost = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
  const url = `http://${shownHost}:${actualPort}`;

  const stop = async () => {
    await Promise.allSettled([new Promise((resolve) => server.close(resolve)), app.close()]);
  };
  return { server, app, url, port: actualPort, stop };
}

async function main() {
  const options = serverOptions(process.argv.slice(2), process.env);
  const shop = await startShop(options);
  console.log(`Kaya Living is listening on ${shop.url}`);
  for (const [signal, code] of /** @type {const} */ ([["SIGINT", 130], ["SIGTERM", 143]])) {
    process.once(signal, () => {
      // Exiting runs the process's exit hooks (the embedded database's lock is released there).
      void shop.stop().finally(() => process.exit(code));
      setTimeout(() => process.exit(code), 5000).unref();
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
