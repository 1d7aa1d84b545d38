import http from "node:http";
import type { AddressInfo } from "node:net";
import { createStandIns, type StandIns } from "@/standins/app";

/*
 * The stand-ins over HTTP: a plain node:http server (main.ts starts it on STANDINS_URL; the
 * tests on any free port).
 */

/** A gateway takes forms and small JSON bodies; anything bigger is refused unread. */
export const MAX_BODY_BYTES = 1024 * 1024;

class TooLarge extends Error {}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > MAX_BODY_BYTES) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function plain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(text);
}

/** node:http in, the stand-ins' fetch-style handler, node:http out. */
async function serve(standIns: StandIns, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = req.url ?? "";
  if (!path.startsWith("/")) return plain(res, 400, "Bad Request");
  const method = req.method ?? "GET";
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    try {
      body = await readBody(req);
    } catch (err) {
      if (err instanceof TooLarge) return plain(res, 413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
      throw err;
    }
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const origin = new URL(standIns.baseUrl).origin;
  const response = await standIns.handle(
    new Request(`${origin}${path}`, { method, headers, body: body ? new Uint8Array(body) : undefined }),
  );
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  res.writeHead(response.status, out);
  res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}

export type StandInServer = { url: string; close: () => Promise<void>; memory: StandIns["memory"] };

/**
 * Starts the stand-ins on `host`:`port` (0: any free port). `url` is the address browsers and the
 * shop use, by default the one it listens on.
 */
export async function startStandInServer(options: {
  host: string;
  port: number;
  url?: string;
  shopUrl: string;
}): Promise<StandInServer> {
  let standIns: StandIns | null = null;
  const server = http.createServer((req, res) => {
    serve(standIns!, req, res).catch((err) => {
      console.error(`[standins] ${req.method} ${req.url} failed`, err);
      if (!res.headersSent) plain(res, 500, "The test gateway failed.");
      else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = options.url ?? `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  standIns = createStandIns({ baseUrl: url, shopUrl: options.shopUrl });
  return {
    url: standIns.baseUrl,
    memory: standIns.memory,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
