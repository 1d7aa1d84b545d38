import { malformedPathAnswer } from "./server.mjs";

describe("malformedPathAnswer", () => {
  test.each(["/og/product/%E0%A4%A", "/%ED%A0%80/about-us", "/checkout/payjustnow/confirmed/%E0%A4%A?x=1", "/%"])(
    "%s is a 400 before Next sees it",
    (url) => {
      expect(malformedPathAnswer(url)?.status).toBe(400);
    },
  );

  test("a call's answer is the contract's error body", () => {
    const answer = malformedPathAnswer("/api/orders/%ED%A0%80");
    expect(answer?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(answer!.body)).toEqual({
      status: 400,
      code: "malformed_path",
      message: "The address is malformed",
      data: { status: 400 },
    });
  });

  test.each(["/", "/product/eden-2-seater", "/blog/caf%C3%A9", "/search?q=%E0%A4%A", "/a%20b/about-us"])(
    "%s passes",
    (url) => {
      expect(malformedPathAnswer(url)).toBeNull();
    },
  );
});
