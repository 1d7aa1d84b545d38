import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export const md5Hex = (text: string) => createHash("md5").update(text, "utf8").digest("hex");
export const sha512Hex = (text: string) => createHash("sha512").update(text, "utf8").digest("hex");
export const hmacSha256Hex = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text, "utf8").digest("hex");

/** Compares two secrets or signatures in constant time, whatever their lengths. */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a, "utf8").digest();
  const y = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(x, y) && a === b;
}
