import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedSecret, sessionSecret } from "@/lib/auth/session";
import { setEnv } from "@/lib/config/set-env";

describe("session secret", () => {
  let restore = () => {};
  const env = (vars: Record<string, string | undefined>) => {
    restore();
    restore = setEnv({
      NODE_ENV: undefined,
      SESSION_SECRET: undefined,
      DATABASE_URL: undefined,
      PGLITE_DIR: undefined,
      KAYA_ALLOW_DEV_SECRET: undefined,
      ...vars,
    });
  };
  afterEach(() => {
    restore();
    restore = () => {};
  });

  test("SESSION_SECRET wins, and must be long enough", () => {
    env({ SESSION_SECRET: "x".repeat(32) });
    expect(sessionSecret()).toBe("x".repeat(32));
    env({ SESSION_SECRET: "short" });
    expect(() => sessionSecret()).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  test("in production on the embedded database a private secret is made once and kept beside it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-secret-"));
    try {
      env({ NODE_ENV: "production", PGLITE_DIR: path.join(dir, "pglite") });
      const first = sessionSecret();
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, "session-secret");
      expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect(sessionSecret()).toBe(first);
      // A restarted process reads the same file.
      const other = path.join(dir, "copy-secret");
      fs.copyFileSync(file, other);
      expect(embeddedSecret(other)).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("in production on PostgreSQL there is no default: every process must share one secret", () => {
    env({ NODE_ENV: "production", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/kaya" });
    expect(() => sessionSecret()).toThrow(/SESSION_SECRET: is required in production/);
  });
});
