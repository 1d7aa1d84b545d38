import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Limit } from "@/lib/security/rate-limit";
import { ROOT } from "./processes";

/** Every limit the limits check holds the shop to, as the shop's own constants say. */
export type ShopLimits = {
  restock: Limit;
  restockConfirm: Limit;
  /** Back-in-stock confirmations one inbox is sent in a day. */
  restockConfirmMails: Limit;
  newsletter: Limit;
  newsletterUnsubscribe: Limit;
  giveaway: Limit;
  swatches: Limit;
  contact: Limit;
  review: Limit;
  /** Tries with staff invitation links from one network. */
  staffInvitation: Limit;
  /** Link-preview images from one network, counted in each process's memory. */
  ogImage: Limit;
  checkout: Limit;
  register: Limit;
  gate: Limit;
  login: { perClient: Limit; perAddress: Limit };
  reset: { perClient: Limit; perAddress: Limit; setPerAddress: Limit; perInbox: Limit };
};

/**
 * Those constants sit in server modules (or modules that import them), which load only under the
 * react-server condition (as `npm run db:seed` runs), so a child process started with it reads
 * them, in the shop's environment (the checkout's limit is a setting).
 */
export function shopLimits(env: NodeJS.ProcessEnv): ShopLimits {
  const out = execFileSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--conditions=react-server", path.join(ROOT, "reliability/support/print-shop-limits.ts")],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  return JSON.parse(out.toString()) as ShopLimits;
}
