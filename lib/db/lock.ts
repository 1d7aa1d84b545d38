import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data folder both "commit" and one
 * silently loses its writes. This lock makes the second opener fail loudly
 * and say who holds the folder.
 */
export type LockHolder = {
  pid: number;
  /** /proc start time of the holder, so a reused pid is not mistaken for the holder. */
  startTime: string | null;
  command: string;
  host: string;
  acquiredAt: string;
};

export class DatabaseLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database at ${folder} is in use by process ${holder.pid} ` +
        `(${holder.command}, since ${holder.acquiredAt}). Only one process may open it: ` +
        `stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DatabaseLockedError";
  }
}

export function lockPathFor(folder: string): string {
  return `${path.resolve(folder)}.lock`;
}

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) follows the command name, which may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true; // cannot tell: assume it is.
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  const now = processStartTime(holder.pid);
  return holder.startTime === null || now === null || now === holder.startTime;
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * The locks this process holds, by lock file, with how many openers share each. Kept on the
 * process's global object: Next bundles the start-up hook and the routes apart, and the server's
 * own later opening of the database must not be taken for a second process.
 */
const HELD = Symbol.for("kaya.db.folder-locks");
type Held = { me: LockHolder; openers: number; removeFile: () => void };
function heldLocks(): Map<string, Held> {
  const g = globalThis as typeof globalThis & { [HELD]?: Map<string, Held> };
  return (g[HELD] ??= new Map());
}

function shareRelease(lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const held = heldLocks().get(lockPath);
    if (!held || --held.openers > 0) return;
    heldLocks().delete(lockPath);
    held.removeFile();
    process.off("exit", held.removeFile);
  };
}

/**
 * Takes the folder's lock or throws DatabaseLockedError. Returns the release function; the file
 * goes when every opener in this process has released it, or when the process exits.
 */
export function acquireFolderLock(folder: string, command = describeProcess()): () => void {
  const lockPath = lockPathFor(folder);
  const already = heldLocks().get(lockPath);
  if (already && readHolder(lockPath)?.acquiredAt === already.me.acquiredAt) {
    already.openers++;
    return shareRelease(lockPath);
  }
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    command,
    host: os.hostname(),
    acquiredAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      const removeFile = () => {
        const holder = readHolder(lockPath);
        if (holder?.pid === me.pid && holder.acquiredAt === me.acquiredAt) fs.rmSync(lockPath, { force: true });
      };
      heldLocks().set(lockPath, { me, openers: 1, removeFile });
      process.on("exit", removeFile);
      return shareRelease(lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(lockPath);
      if (holder && isAlive(holder)) throw new DatabaseLockedError(path.resolve(folder), holder);
      // A dead holder (crash, kill -9) or a half-written file: the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

function describeProcess(): string {
  const args = process.argv.slice(1).map((a) => path.basename(a));
  return args.join(" ").slice(0, 200) || "node";
}
