/**
 * `node scripts/with-standins.mjs <command> [args…]`: runs the command (the shop, as `npm run dev`
 * does) with the payment gateways' stand-in server (standins/main.ts, on STANDINS_URL) beside it.
 * Both share this terminal; Ctrl-C stops both, and when either one stops the other is stopped
 * too, so no server is left behind. Exits with the first one's status.
 *
 * scripts/shop.mjs uses `withStandins()` to read what the two print, line by line, before
 * passing it on.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GRACE_MS = 5_000;

/**
 * @typedef {{ from: "standins" | "command"; stream: "stdout" | "stderr"; line: string }} Line
 * @typedef {{ onLine?: (line: Line) => void }} Options
 */

/**
 * Starts the stand-ins and the command, each in its own process group, and ends this process
 * when either stops. With `onLine`, each line either prints is handed to it (and not printed);
 * without it, they print to this terminal as they are.
 * @param {string} command
 * @param {string[]} args
 * @param {Options} [options]
 */
export function withStandins(command, args, options = {}) {
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  /** @type {Array<{ name: string; child: import("node:child_process").ChildProcess; done: boolean }>} */
  const running = [];
  let stopping = false;
  let status = 0;

  /** Each in its own process group, so stopping one stops what it started (npm, next, workers). */
  function start(name, from, file, argv) {
    const child = spawn(file, argv, {
      cwd: ROOT,
      stdio: ["ignore", options.onLine ? "pipe" : "inherit", options.onLine ? "pipe" : "inherit"],
      detached: true,
      env: process.env,
    });
    const entry = { name, child, done: false };
    running.push(entry);
    if (options.onLine) {
      for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
        const source = child[stream];
        if (source)
          readline.createInterface({ input: source }).on("line", (line) => options.onLine?.({ from, stream, line }));
      }
    }
    child.on("error", (err) => {
      console.error(`[with-standins] ${name} could not start: ${err.message}`);
      entry.done = true;
      stopAll(1);
    });
    child.on("exit", (code, signal) => {
      if (!stopping) console.error(`[with-standins] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
      stopAll(code ?? (signal ? 1 : 0));
    });
    // Done once its output is closed too, so a piped child's last lines are read before this exits.
    child.on("close", () => {
      entry.done = true;
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

  start("the payment stand-ins", "standins", process.execPath, [tsx, path.join("standins", "main.ts")]);
  start(command, "command", command, args);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("Usage: node scripts/with-standins.mjs <command> [args…]");
    process.exit(2);
  }
  withStandins(command, args);
}
