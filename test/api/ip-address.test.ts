import { NextRequest } from "next/server";
import { GET } from "@/app/api/ip-address/route";

describe("GET /api/ip-address", () => {
  test("answers { clientIp } with the address the nearest proxy saw", async () => {
    const res = await GET(
      new NextRequest("http://shop.test/api/ip-address", { headers: { "x-forwarded-for": "1.2.3.4, 41.76.108.7" } }),
      undefined,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ clientIp: "41.76.108.7" });
    expect(res.headers.get("cache-control")).toContain("no-store");
  });
});
