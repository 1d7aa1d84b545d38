import { reviewModeration } from "@/lib/reviews/moderation";

describe("reviewModeration (REVIEWS_MODERATION)", () => {
  test.each([
    [undefined, "publish"],
    ["", "publish"],
    ["publish", "publish"],
    [" Publish ", "publish"],
    ["hold", "hold"],
    ["HOLD", "hold"],
  ])("%p -> %s", (value, expected) => {
    expect(reviewModeration({ REVIEWS_MODERATION: value })).toBe(expected);
  });

  test("a value that is neither holds, and says so once", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    expect(reviewModeration({ REVIEWS_MODERATION: "publsh" })).toBe("hold");
    expect(reviewModeration({ REVIEWS_MODERATION: "yes" })).toBe("hold");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/REVIEWS_MODERATION/);
    warn.mockRestore();
  });
});
