import "server-only";

/** Whether a new review goes on the pages at once or waits until someone has read it. */
export type ReviewModeration = "publish" | "hold";

let warned = false;

/**
 * REVIEWS_MODERATION: `publish` (the default while there is no back office to approve reviews)
 * or `hold`. Any other value holds: a typo must not publish what nobody meant to publish.
 */
export function reviewModeration(env: Readonly<Record<string, string | undefined>> = process.env): ReviewModeration {
  const value = env.REVIEWS_MODERATION?.trim().toLowerCase();
  if (!value || value === "publish") return "publish";
  if (value !== "hold" && !warned) {
    warned = true;
    console.warn("REVIEWS_MODERATION is neither publish nor hold: new reviews are held for approval");
  }
  return "hold";
}
