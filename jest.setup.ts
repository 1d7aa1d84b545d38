import "@testing-library/jest-dom";

/*
 * Route handlers are called directly in tests, outside Next's request scope, where
 * `connection()` (which only marks a handler as per-request) would throw.
 */
jest.mock("next/server", () => {
  const actual = jest.requireActual("next/server");
  return { ...actual, connection: async () => undefined };
});

/*
 * A test never opens the working copy's own embedded database (a running dev server holds it, and
 * the server start-up hook takes its lock): without a database of its own, a test gets memory://.
 */
process.env.DATABASE_URL ||= "memory://";
/*
 * Nor does it start the expiry or the publishing job by calling the start-up hook: a timer would fire
 * in a later test file of the same worker, after this one's environment is gone.
 */
process.env.KAYA_ORDER_EXPIRY_JOB ??= "0";
process.env.KAYA_PUBLISH_JOB ??= "0";
