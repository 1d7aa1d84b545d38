import "@testing-library/jest-dom";

/*
 * Route handlers are called directly in tests, outside Next's request scope, where
 * `connection()` (which only marks a handler as per-request) would throw.
 */
jest.mock("next/server", () => {
  const actual = jest.requireActual("next/server");
  return { ...actual, connection: async () => undefined };
});
