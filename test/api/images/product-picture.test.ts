/**
 * @jest-environment node
 */
import { GET } from "@/app/images/products/[...path]/route";

function get(path: unknown) {
  return GET(new Request("http://localhost/images/products/x"), { params: Promise.resolve({ path }) });
}

describe("GET /images/products/… for a picture the build did not draw", () => {
  it("answers a neutral picture, not a 404, for a product added after the build", async () => {
    const res = await get(["e2e-stool-1795855617389", "default-main.svg"]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 800 600"/);
    expect(svg).toContain("Picture to follow");
  });

  it("answers for every view and for an option's picture", async () => {
    for (const file of ["charcoal--3-seater-front.svg", "oat-detail.svg"]) {
      expect((await get(["eden-2-seater", file])).status).toBe(200);
    }
  });

  it("is a 404 for any other shape of address", async () => {
    for (const path of [
      ["x"],
      ["x", "default-main.png"],
      ["x", "default-side.svg"],
      ["X", "default-main.svg"],
      ["x", "y", "default-main.svg"],
      ["..", "default-main.svg"],
      ["x", "default-main.svg\u0000"],
      "x/default-main.svg",
      [["x"], "default-main.svg"],
      undefined,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
    }
  });
});
