import net from "node:net";
import { malformedPathAnswer, nextHostname, queuedConnectionsTaken, routerPayloadCacheControl } from "./server.mjs";

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
