import { isIP, isIPv4 } from "node:net";
import { serverEnv } from "@/lib/config/env";

/**
 * The caller's address. The shop's server (server.mjs) appends the socket's address to
 * X-Forwarded-For on every request, as each proxy in front of it does with the address it saw.
 * So, counting from the right, entry 0 is the machine that connected to the shop, and entry
 * TRUSTED_PROXIES is the first one written by a machine the operator trusts about the client.
 * Anything further left, and every other header (X-Real-IP, Forwarded), is the client's own
 * writing and is never read.
 */
export function clientIp(headers: Headers, proxies = trustedProxies()): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => plainAddress(entry.trim()))
    .filter((entry) => entry !== "");
  if (chain.length === 0) return "127.0.0.1";
  // An entry that is no address (a proxy's "unknown") stops the walk at the nearest real one.
  const wanted = Math.max(0, chain.length - 1 - proxies);
  for (let i = wanted; i < chain.length; i++) if (isIP(chain[i]!)) return chain[i]!;
  return "127.0.0.1";
}

/** TRUSTED_PROXIES: how many proxies in front of the shop append to X-Forwarded-For (0 to 9). */
export function trustedProxies(): number {
  return serverEnv().TRUSTED_PROXIES;
}

/** "41.1.2.3:51234", "[2001:db8::7]:443" and "::ffff:41.1.2.3" as plain addresses. */
function plainAddress(entry: string): string {
  let ip = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return v4mapped ? v4mapped[1]! : ip;
}

/**
 * What a per-address limit counts: an IPv4 address, or an IPv6 address's /64, since one
 * subscriber is given a whole /64 and can use any address in it.
 */
export function addressGroup(ip: string): string {
  if (isIPv4(ip) || isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
