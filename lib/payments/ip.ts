import { isIP } from "node:net";

function ipv4ToInt(ip: string): number | null {
  if (isIP(ip) !== 4) return null;
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** True when `ip` is one of `ranges`: exact addresses (IPv4 or IPv6) or IPv4 CIDR ranges. */
export function ipInRanges(ip: string, ranges: string[]): boolean {
  const addr = ip.trim().toLowerCase();
  const asInt = ipv4ToInt(addr);
  for (const raw of ranges) {
    const range = raw.trim().toLowerCase();
    const [base, bitsText] = range.split("/");
    if (bitsText === undefined) {
      if (base === addr) return true;
      continue;
    }
    const baseInt = ipv4ToInt(base ?? "");
    const bits = Number(bitsText);
    if (asInt === null || baseInt === null || !Number.isInteger(bits) || bits < 0 || bits > 32) continue;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((asInt & mask) >>> 0 === (baseInt & mask) >>> 0) return true;
  }
  return false;
}
