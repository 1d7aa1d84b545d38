import { parseServerEnv } from "@/lib/config/env";
import { reviewModeration } from "@/lib/reviews/moderation";
import { setEnv } from "@/lib/config/set-env";

const moderation = (value: string | undefined) => {
  const parsed = parseServerEnv({ REVIEWS_MODERATION: value });
  return parsed.ok ? parsed.env.REVIEWS_MODERATION : parsed.problems;
};

describe("REVIEWS_MODERATION", () => {
  test.each([
    [undefined, "hold"],
    ["", "hold"],
    ["publish", "publish"],
    [" Publish ", "publish"],
    ["hold", "hold"],
    ["HOLD", "hold"],
  ])("%p -> %s", (value, expected) => {
    expect(moderation(value)).toBe(expected);
  });

  test("a value that is neither is refused by name (the server does not start), so a typo never publishes", () => {
    expect(moderation("publsh")).toEqual([{ variable: "REVIEWS_MODERATION", message: "must be publish or hold" }]);
    expect(moderation("yes")).toEqual([{ variable: "REVIEWS_MODERATION", message: "must be publish or hold" }]);
  });

  test("the shop reads the configured value", () => {
    const restore = setEnv({ REVIEWS_MODERATION: "publish" });
    try {
      expect(reviewModeration()).toBe("publish");
    } finally {
      restore();
    }
    expect(reviewModeration()).toBe("hold");
  });
});
