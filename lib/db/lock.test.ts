import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { acquireFolderLock, DatabaseLockedError, lockPathFor } from "@/lib/db/lock";

/** A second process that takes the lock the way the shop does and holds it until killed. */
function holdLockInChild(folder: string): Promise<ChildProcess> {
  const script = `
    require("tsx/cjs");
    const { acquireFolderLock } = require(${JSON.stringify(path.resolve("lib/db/lock.ts"))});
    acquireFolderLock(${JSON.stringify(folder)}, "next start");
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve(child));
    child.on("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

describe("embedded database folder lock", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-lock-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a second opener in another process gets an error naming the holder", async () => {
    const folder = path.join(dir, "pglite");
    const child = await holdLockInChild(folder);
    try {
      let error: unknown;
      try {
        acquireFolderLock(folder, "npm run db:seed");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DatabaseLockedError);
      const message = (error as Error).message;
      expect(message).toContain(`process ${child.pid}`);
      expect(message).toContain("next start");
      expect(message).toContain(folder);
      expect(message).toMatch(/DATABASE_URL/);
    } finally {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
  });

  test("a lock left by a killed process is taken over", async () => {
    const folder = path.join(dir, "pglite");
    const child = await holdLockInChild(folder);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(fs.existsSync(lockPathFor(folder))).toBe(true);
    const release = acquireFolderLock(folder, "jest");
    expect(JSON.parse(fs.readFileSync(lockPathFor(folder), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockPathFor(folder))).toBe(false);
  });

  test("the holding process may open its folder again; the lock goes when every opener has released it", () => {
    const folder = path.join(dir, "pglite");
    const atStart = acquireFolderLock(folder, "next start");
    const onFirstRequest = acquireFolderLock(folder, "next start");
    onFirstRequest();
    expect(fs.existsSync(lockPathFor(folder))).toBe(true);
    atStart();
    expect(fs.existsSync(lockPathFor(folder))).toBe(false);
  });

  test("release frees the folder for the next opener", () => {
    const folder = path.join(dir, "pglite");
    const release = acquireFolderLock(folder, "first");
    release();
    acquireFolderLock(folder, "second")();
  });
});
