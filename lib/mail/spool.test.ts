import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSpool, spoolDir, spoolMessage } from "@/lib/mail/spool";

describe("mail spool", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-spool-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("keeps messages as private files and reads the latest back, oldest first", () => {
    for (let i = 1; i <= 4; i++) {
      spoolMessage(dir, { id: i, kind: "k", to: i % 2 ? "a@example.co.za" : "b@example.co.za", subject: `s${i}`, text: `t${i}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() });
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
    const saved = { url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR, spool: process.env.MAIL_SPOOL_DIR };
    try {
      delete process.env.MAIL_SPOOL_DIR;
      process.env.DATABASE_URL = "postgres://x@127.0.0.1/y";
      expect(spoolDir()).toBeNull();
      delete process.env.DATABASE_URL;
      process.env.PGLITE_DIR = ".data/e2e/pglite";
      expect(spoolDir()).toBe(path.resolve(".data/e2e/mail"));
      process.env.MAIL_SPOOL_DIR = "/tmp/x";
      expect(spoolDir()).toBe("/tmp/x");
    } finally {
      for (const [k, v] of [["DATABASE_URL", saved.url], ["PGLITE_DIR", saved.dir], ["MAIL_SPOOL_DIR", saved.spool]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
