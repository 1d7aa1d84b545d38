/**
 * The caller's address. Behind proxies, each appends the address it saw to X-Forwarded-For,
 * so the entry TRUSTED_PROXIES places from the right is the first one a trusted machine
 * wrote; anything left of it may be forged by the caller.
 */
export function clientIp(headers: Headers, trustedProxies = Number(process.env.TRUSTED_PROXIES ?? 1)): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const hops = Number.isInteger(trustedProxies) && trustedProxies > 0 ? trustedProxies : 1;
  const candidate = forwarded.length > 0 ? forwarded[Math.max(0, forwarded.length - hops)] : headers.get("x-real-ip");
  return normaliseIp(candidate ?? "127.0.0.1");
}

function normaliseIp(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return v4mapped ? v4mapped[1]! : ip;
}
