import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import {
  hideInternalHeaders,
  KEEP_ALIVE_MS,
  keepConnectionsAlive,
  malformedPathAnswer,
  methodRefusal,
  nextHostname,
  queuedConnectionsTaken,
  refuseConnect,
  routerPayloadCacheControl,
} from "../server.mjs";

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe("malformedPathAnswer", () => {
  test.each(["/og/product/%E0%A4%A", "/%ED%A0%80/about-us", "/checkout/payjustnow/confirmed/%E0%A4%A?x=1", "/%"])(
    "%s is a 400 before Next sees it",
    (url) => {
      expect(malformedPathAnswer(url)?.status).toBe(400);
    },
  );

  test("a call's answer is the contract's error body", () => {
    const answer = malformedPathAnswer("/api/orders/%ED%A0%80");
    expect(answer?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(answer!.body)).toEqual({
      status: 400,
      code: "malformed_path",
      message: "The address is malformed",
      data: { status: 400 },
    });
  });

  test.each(["/", "/product/eden-2-seater", "/blog/caf%C3%A9", "/search?q=%E0%A4%A", "/a%20b/about-us"])(
    "%s passes",
    (url) => {
      expect(malformedPathAnswer(url)).toBeNull();
    },
  );
});

describe("routerPayloadCacheControl", () => {
  test.each([
    "s-maxage=60, stale-while-revalidate=3540",
    "s-maxage=86400, stale-while-revalidate=518400",
    "max-age=300",
  ])("a router payload kept as %s is not kept by the browser", (cacheControl) => {
    expect(routerPayloadCacheControl("1", cacheControl)).toBe("private, no-store");
  });

  test("a page, a call, or a payload the browser may not keep anyway is left alone", () => {
    expect(routerPayloadCacheControl(undefined, "s-maxage=60, stale-while-revalidate=3540")).toBeNull();
    expect(routerPayloadCacheControl("1", "private, no-cache, no-store, max-age=0, must-revalidate")).toBeNull();
    expect(routerPayloadCacheControl("1", undefined)).toBeNull();
  });
});

describe("queuedConnectionsTaken", () => {
  test("when each turn of the loop outlasts the quiet period, every connection the kernel queued is taken before the socket closes", async () => {
    const accepted = { taken: 0, lastAt: 0 };
    const server = net.createServer((socket) => {
      accepted.taken++;
      accepted.lastAt = Date.now();
      // A render holding the loop for longer than the quiet period; Node takes one queued
      // connection per turn, so the others wait in the kernel's queue meanwhile.
      for (const until = Date.now() + 150; Date.now() < until;);
      socket.end("answered");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const clients = Array.from({ length: 4 }, () => {
      const socket = net.connect(port, "127.0.0.1");
      const connected = new Promise((resolve) => socket.once("connect", resolve));
      const answer = new Promise<string>((resolve) => {
        let body = "";
        socket.on("data", (chunk: Buffer) => (body += chunk.toString()));
        socket.on("end", () => resolve(body));
        socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      return { connected, answer };
    });
    await Promise.all(clients.map((c) => c.connected));
    expect(accepted.taken).toBeLessThan(clients.length);

    await queuedConnectionsTaken(accepted, { quietMs: 50, maxMs: 5000 });
    const closed = new Promise((resolve) => server.close(resolve));

    expect(await Promise.all(clients.map((c) => c.answer))).toEqual(clients.map(() => "answered"));
    await closed;
  });
});

describe("nextHostname", () => {
  test("a loopback address is named localhost, as Next names it in a proxy's URLs; other names stay", () => {
    for (const h of [undefined, "", "localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
      expect(nextHostname(h)).toBe("localhost");
    for (const h of ["0.0.0.0", "10.0.0.5", "shop.internal", "::"]) expect(nextHostname(h)).toBe(h);
  });
});

describe("methodRefusal", () => {
  test.each(["/", "/product/eden-2-seater", "/info/faqs", "/og/product/eden-2-seater", "/images/hero.svg"])(
    "TRACE and methods no page takes are a 405 on %s, naming what it takes",
    (url) => {
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
        const answer = methodRefusal(method, url);
        expect({ method, status: answer?.status, allow: answer?.headers.allow }).toEqual({
          method,
          status: 405,
          allow: "GET, HEAD, POST",
        });
      }
    },
  );

  test("a call refuses a method no route handler can have with the contract's error body", () => {
    const answer = methodRefusal("TRACE", "/api/cart?x=1");
    expect(answer?.status).toBe(405);
    expect(answer?.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(JSON.parse(answer!.body)).toEqual({
      status: 405,
      code: "method_not_allowed",
      message: "The method TRACE is not allowed here",
      data: { status: 405 },
    });
  });

  test("pages take GET, HEAD and POST; calls the seven methods their handlers may have", () => {
    for (const method of ["GET", "HEAD", "POST"]) expect(methodRefusal(method, "/product/eden-2-seater")).toBeNull();
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(methodRefusal(method, "/api/cart")).toBeNull();
  });
});

describe("hideInternalHeaders", () => {
  test("Next's routing headers never leave the server, however the head is written", async () => {
    const server = http.createServer((req, res) => {
      hideInternalHeaders(res);
      res.setHeader("x-middleware-rewrite", "/product-category/couches/default");
      res.setHeader("X-Matched-Path", "/product-category/[slug]/[view]");
      res.setHeader("x-kept", "1");
      if (req.url === "/object") res.writeHead(200, { "x-matched-path": "/[slug]/faqs", "x-also-kept": "1" });
      else if (req.url === "/list") res.writeHead(200, ["x-middleware-rewrite", "/x", "x-also-kept", "1"]);
      res.end("ok");
    });
    const url = await listening(server);
    try {
      for (const path of ["/implicit", "/object", "/list"]) {
        const res = await fetch(`${url}${path}`);
        expect({
          path,
          rewrite: res.headers.get("x-middleware-rewrite"),
          matched: res.headers.get("x-matched-path"),
          kept: res.headers.get("x-kept"),
          body: await res.text(),
        }).toEqual({ path, rewrite: null, matched: null, kept: "1", body: "ok" });
      }
      expect((await fetch(`${url}/object`)).headers.get("x-also-kept")).toBe("1");
      expect((await fetch(`${url}/list`)).headers.get("x-also-kept")).toBe("1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("refuseConnect", () => {
  test("a CONNECT is answered with a 405, not a dropped connection", async () => {
    const server = http.createServer((_req, res) => res.end());
    server.on("connect", refuseConnect);
    const url = new URL(await listening(server));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () =>
          socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"),
        );
        let text = "";
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 405 Method Not Allowed");
      expect(answer).toContain("Allow: GET, HEAD, POST");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("keepConnectionsAlive", () => {
  /** Two requests on one connection, `idleMs` apart: what the second one gets. */
  async function secondRequestAfter(server: http.Server, idleMs: number): Promise<string> {
    server.on("request", (_req, res) => res.end("ok"));
    const url = await listening(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<string>((resolve) => {
        const req = http.get(url, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(`${res.statusCode}`));
        });
        req.on("error", (err) => resolve(err.message));
      });
    try {
      expect(await get()).toBe("200");
      const socket = Object.values(agent.freeSockets)[0]![0]!;
      await new Promise((r) => setTimeout(r, idleMs));
      // The proxy in front sends on the connection it kept: it must still be open.
      return socket.destroyed ? "closed by the server" : await get();
    } finally {
      agent.destroy();
      await new Promise((r) => server.close(r));
    }
  }

  test("an idle connection outlives nginx's idle connections to the app (deploy/nginx.conf's upstream)", () => {
    const upstream = /upstream kaya_living \{[^}]*\}/.exec(fs.readFileSync("deploy/nginx.conf", "utf8"))![0];
    const nginxIdleSeconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
    expect(nginxIdleSeconds).toBeGreaterThan(0);
    const server = keepConnectionsAlive(http.createServer());
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(nginxIdleSeconds * 1000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  test("a connection idle for longer than Node's default 5 s still carries the next request", async () => {
    expect(await secondRequestAfter(keepConnectionsAlive(http.createServer()), 7_000)).toBe("200");
  }, 20_000);
});
