import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSpool, spoolDir, spoolMessage } from "@/lib/mail/spool";
import { setEnv } from "@/lib/config/set-env";

describe("mail spool", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-spool-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("keeps messages as private files and reads the latest back, oldest first", () => {
    for (let i = 1; i <= 4; i++) {
      spoolMessage(dir, {
        id: i,
        kind: "k",
        to: i % 2 ? "a@example.co.za" : "b@example.co.za",
        subject: `s${i}`,
        text: `t${i}`,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
      });
    }
    fs.writeFileSync(path.join(dir, "junk.json"), "{not json");
    expect(readSpool(dir, { limit: 2 }).map((m) => m.id)).toEqual([3, 4]);
    expect(readSpool(dir, { to: "A@example.co.za" }).map((m) => m.id)).toEqual([1, 3]);
    const file = fs.readdirSync(dir).find((n) => n.endsWith("00000001.json"))!;
    expect(fs.statSync(path.join(dir, file)).mode & 0o077).toBe(0);
  });

  test("a missing folder is an empty outbox", () => {
    expect(readSpool(path.join(dir, "nope"))).toEqual([]);
  });

  test("is used only for the embedded database folder", () => {
    const restore = setEnv({
      MAIL_SPOOL_DIR: undefined,
      DATABASE_URL: "postgres://x@127.0.0.1/y",
      PGLITE_DIR: ".data/e2e/pglite",
    });
    try {
      expect(spoolDir()).toBeNull();
      setEnv({ DATABASE_URL: undefined });
      expect(spoolDir()).toBe(path.resolve(".data/e2e/mail"));
      setEnv({ MAIL_SPOOL_DIR: "/tmp/x" });
      expect(spoolDir()).toBe("/tmp/x");
    } finally {
      restore();
    }
  });
});
