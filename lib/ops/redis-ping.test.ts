import net from "node:net";
import { pingRedis } from "@/lib/ops/redis-ping";

/** The readiness probe's Redis check, against the machine's Redis and against what is not one. */
test("the machine's Redis answers PING", async () => {
  expect(await pingRedis("redis://127.0.0.1:6379")).toBe(true);
});

test("nothing listening: not reachable", async () => {
  expect(await pingRedis("redis://127.0.0.1:1")).toBe(false);
});

test("credentials Redis refuses: not reachable", async () => {
  expect(await pingRedis("redis://someone:wrong@127.0.0.1:6379")).toBe(false);
});

test("a server that takes the connection and never answers: not reachable once the time is up", async () => {
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const started = Date.now();
    expect(await pingRedis(`redis://127.0.0.1:${port}`, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  } finally {
    silent.close();
  }
});
