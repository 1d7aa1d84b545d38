import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedSecret, sessionSecret } from "@/lib/auth/session";

describe("session secret", () => {
  const env = process.env as Record<string, string | undefined>;
  const saved = { ...env };
  afterEach(() => {
    for (const k of ["NODE_ENV", "SESSION_SECRET", "DATABASE_URL", "PGLITE_DIR", "KAYA_ALLOW_DEV_SECRET"]) {
      if (saved[k] === undefined) delete env[k];
      else env[k] = saved[k];
    }
  });

  test("SESSION_SECRET wins, and must be long enough", () => {
    env.SESSION_SECRET = "x".repeat(32);
    expect(sessionSecret()).toBe("x".repeat(32));
    env.SESSION_SECRET = "short";
    expect(() => sessionSecret()).toThrow(/at least 32/);
  });

  test("in production on the embedded database a private secret is made once and kept beside it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-secret-"));
    try {
      delete env.SESSION_SECRET;
      delete env.DATABASE_URL;
      env.NODE_ENV = "production";
      env.PGLITE_DIR = path.join(dir, "pglite");
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
    delete env.SESSION_SECRET;
    env.NODE_ENV = "production";
    env.DATABASE_URL = "postgres://postgres@127.0.0.1:5432/kaya";
    expect(() => sessionSecret()).toThrow(/SESSION_SECRET is not set/);
  });
});
