import { isMediaPath, mediaPath, parseMediaFile } from "@/lib/media/address";

const hash = "0123456789abcdef".repeat(4);

test("a stored picture's address is read back as its hash and type", () => {
  expect(mediaPath(hash, "image/webp")).toBe(`/media/${hash}.webp`);
  expect(parseMediaFile(`${hash}.webp`)).toEqual({ hash, contentType: "image/webp" });
  expect(parseMediaFile(`${hash}.jpg`)).toEqual({ hash, contentType: "image/jpeg" });
  expect(isMediaPath(mediaPath(hash, "image/webp"))).toBe(true);
  expect(isMediaPath("/images/products/eden/default-main.svg")).toBe(false);
});

test.each([
  `${hash}.svg`,
  `${hash.toUpperCase()}.webp`,
  `${hash}0.webp`,
  `${hash}.webp.exe`,
  `../${hash}.webp`,
  `${hash}`,
  "",
  "__proto__",
])("%j names no picture", (file) => {
  expect(parseMediaFile(file)).toBeNull();
});
