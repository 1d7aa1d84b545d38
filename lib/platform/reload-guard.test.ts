import { isChunkLoadError, mayReload, reloadAfterChunkError } from "@/lib/platform/reload-guard";

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("reload guard", () => {
  test("once per 10 seconds per path", () => {
    const store = memoryStore();
    expect(mayReload("/cart", store, 1_000)).toBe(true);
    expect(mayReload("/cart", store, 5_000)).toBe(false);
    expect(mayReload("/checkout", store, 5_000)).toBe(true);
    expect(mayReload("/cart", store, 10_999)).toBe(false);
    expect(mayReload("/cart", store, 11_000)).toBe(true);
  });

  test("recognises chunk load failures, and only those", () => {
    expect(isChunkLoadError(Object.assign(new Error("Loading chunk 123 failed."), { name: "ChunkLoadError" }))).toBe(
      true,
    );
    expect(
      isChunkLoadError(
        new TypeError("Failed to fetch dynamically imported module: https://x/_next/static/chunks/a.js"),
      ),
    ).toBe(true);
    // Turbopack's runtime, as seen in the browser with a chunk answering 404.
    expect(
      isChunkLoadError(new Error("Failed to load chunk /_next/static/chunks/19gmvjp5uj0i7.js from module 788037")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  test("a chunk failure reloads the page, once within 10 seconds; other errors never do", () => {
    const reloads: string[] = [];
    const win = {
      location: { pathname: "/product/eden-2-seater", reload: () => void reloads.push("reload") },
      sessionStorage: memoryStore(),
    };
    const chunkError = Object.assign(
      new Error("Failed to load chunk /_next/static/chunks/19gmvjp5uj0i7.js from module 788037"),
      { name: "ChunkLoadError" },
    );
    expect(reloadAfterChunkError(new Error("Cannot read properties of undefined"), win)).toBe(false);
    expect(reloads).toEqual([]);
    expect(reloadAfterChunkError(chunkError, win)).toBe(true);
    expect(reloads).toEqual(["reload"]);
    expect(reloadAfterChunkError(chunkError, win)).toBe(false);
    expect(reloads).toEqual(["reload"]);
  });
});
