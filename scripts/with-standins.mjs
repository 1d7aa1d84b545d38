/**
 * `node scripts/with-standins.mjs <command> [args…]`: runs the command (the shop, as `npm run shop`
 * does) with the payment gateways' stand-in server (standins/main.ts, on STANDINS_URL) beside it.
 * Both share this terminal; Ctrl-C stops both, and when either one stops the other is stopped
 * too, so no server is left behind. Exits with the first one's status.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GRACE_MS = 5_000;
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-standins.mjs <command> [args…]");
  process.exit(2);
}

const tsx = createRequire(import.meta.url).resolve("tsx/cli");

/** @type {Array<{ name: string; child: import("node:child_process").ChildProcess; done: boolean }>} */
const running = [];
let stopping = false;
let status = 0;

/** Each in its own process group, so stopping one stops what it started (npm, next, workers). */
function start(name, file, argv) {
  const child = spawn(file, argv, {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
    env: process.env,
  });
  const entry = { name, child, done: false };
  running.push(entry);
  child.on("error", (err) => {
    console.error(`[with-standins] ${name} could not start: ${err.message}`);
    entry.done = true;
    stopAll(1);
  });
  child.on("exit", (code, signal) => {
    entry.done = true;
    if (!stopping) console.error(`[with-standins] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stopAll(code ?? (signal ? 1 : 0));
    if (running.every((r) => r.done)) process.exit(status);
  });
}

function signalGroup(entry, signal) {
  if (entry.done || entry.child.pid === undefined) return;
  try {
    process.kill(-entry.child.pid, signal);
  } catch {
    // already gone
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  status = code;
  for (const entry of running) signalGroup(entry, "SIGTERM");
  setTimeout(() => {
    for (const entry of running) signalGroup(entry, "SIGKILL");
    process.exit(status);
  }, GRACE_MS).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => stopAll(signal === "SIGINT" ? 130 : 143));
process.on("exit", () => running.forEach((entry) => signalGroup(entry, "SIGKILL")));

start("the payment stand-ins", process.execPath, [tsx, path.join("standins", "main.ts")]);
start(command, command, args);
