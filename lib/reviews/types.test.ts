import { publicName, summarise } from "@/lib/reviews/types";
import { reviewCreateError } from "@/lib/reviews/client";
import { errorFromBody } from "@/lib/http/api-client";

describe("reviews", () => {
  test("public names keep the first name and the surname's initial", () => {
    expect(publicName("Thandi Mokoena")).toBe("Thandi M.");
    expect(publicName("Jansen van rensburg")).toBe("Jansen R.");
    expect(publicName("  Sipho  ")).toBe("Sipho");
  });

  test("a summary counts stars from five down", () => {
    expect(summarise([{ rating: 5 }, { rating: 4 }, { rating: 4 }, { rating: 1 }])).toEqual({
      average: 3.5,
      count: 4,
      stars: [1, 2, 0, 0, 1],
    });
    expect(summarise([])).toEqual({ average: 0, count: 0, stars: [0, 0, 0, 0, 0] });
  });

  test("a 409, or 401 in data.status, is a 401 error with the server's message", () => {
    expect(reviewCreateError(errorFromBody(409, { message: "Already reviewed" }))).toMatchObject({
      status: 401,
      message: "Already reviewed",
    });
    expect(reviewCreateError(errorFromBody(400, { message: "Odd", data: { status: 401 } }))).toMatchObject({
      status: 401,
      message: "Odd",
    });
    expect(reviewCreateError(errorFromBody(400, { message: "Invalid email", data: { status: 400 } }))).toMatchObject({
      status: 400,
      message: "Invalid email",
    });
    expect(reviewCreateError(errorFromBody(500, null)).message).toMatch(/something went wrong/i);
  });
});
