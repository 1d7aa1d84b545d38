import net from "node:net";
import { NextRequest } from "next/server";
import { closeDb } from "@/lib/db/client";
import { proxy } from "@/proxy";
import { setEnv } from "@/lib/config/set-env";

let restore = () => {};

afterEach(async () => {
  await closeDb().catch(() => {});
  restore();
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.each(["/product/eden-2-seater", "/product-category/couches", "/my-account/view-order/KL-100001?key=x"])(
  "%s while the database refuses connections: 503 with Retry-After, not a 500",
  async (path) => {
    restore = setEnv({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/kaya` });
    jest.spyOn(console, "warn").mockImplementation(() => {});
    const res = await proxy(new NextRequest(new URL(path, "http://shop.test")));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ status: 503, code: "unavailable" });
  },
);
