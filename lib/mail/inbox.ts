import { createHash } from "node:crypto";

/**
 * One inbox, however its address is written: case, a "+tag" (delivered to the same inbox by
 * nearly every provider) and the dots Gmail ignores do not make another.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** Counter keys name an inbox by a digest, so the counters table holds no addresses. */
export function inboxDigest(email: string): string {
  return createHash("sha256").update(inboxOf(email)).digest("hex").slice(0, 32);
}
