import "server-only";
import { serverEnv } from "@/lib/config/env";

/** Whether a new review goes on the pages at once or waits until someone has read it. */
export type ReviewModeration = "publish" | "hold";

/**
 * REVIEWS_MODERATION: `hold` (the default: staff publish reviews in the back office) or `publish`. Any other value stops the server at start: a typo must not publish what nobody meant
 * to publish.
 */
export function reviewModeration(): ReviewModeration {
  return serverEnv().REVIEWS_MODERATION;
}
