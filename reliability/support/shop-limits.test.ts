import { REVIEW_LIMIT } from "@/lib/reviews/input";
import { SWATCH_LIMIT } from "@/lib/swatches/rules";
import { shopLimits } from "./shop-limits";

// The limits check reads the shop's limits from a child process under the react-server
// condition; a server module that pulls a client-only library (next/image's head context) into
// that graph stops the whole check, as it once did through the checkout's rate limits.
describe("shopLimits", () => {
  it("reads every limit from the shop's own modules under the react-server condition", () => {
    const limits = shopLimits({ ...process.env, CHECKOUT_RATE_LIMIT_PER_HOUR: "123" });
    expect(limits.review).toEqual(REVIEW_LIMIT);
    expect(limits.swatches).toEqual(SWATCH_LIMIT);
    expect(limits.checkout).toEqual({ limit: 123, windowSeconds: 3600 });
    expect(Object.keys(limits).sort()).toEqual(
      [
        "checkout",
        "contact",
        "gate",
        "giveaway",
        "login",
        "newsletter",
        "newsletterUnsubscribe",
        "ogImage",
        "register",
        "reset",
        "restock",
        "restockConfirm",
        "restockConfirmMails",
        "review",
        "staffInvitation",
        "swatches",
      ].sort(),
    );
  });
});
