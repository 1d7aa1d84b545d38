/**
 * `npm run standins`: the payment gateways' stand-ins as a small server beside the shop
 * (`npm run shop` and Playwright start it too). It listens on STANDINS_URL (default
 * http://127.0.0.1:3010), the address the shop sends shoppers and its API calls to, and is never
 * part of the shop's production build. It calls the shop back at the addresses each payment
 * request names, as the real gateways do; SITE_URL is only for "Back to the shop" links.
 */
import { serverEnv } from "@/lib/config/env";
import { standInsUrl } from "@/lib/payments/config";
import { startStandInServer } from "@/standins/server";

async function main(): Promise<void> {
  const address = standInsUrl();
  const url = new URL(address);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const server = await startStandInServer({ host, port, url: address, shopUrl: serverEnv().SITE_URL });
  console.log(
    `[standins] payment gateway stand-ins on ${server.url} (no real money moves), for the shop at ${serverEnv().SITE_URL}`,
  );
  const stop = () => {
    server.close().finally(() => process.exit(0));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, stop);
}

main().catch((err) => {
  console.error(`[standins] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
