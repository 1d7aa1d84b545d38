/**
 * `npm run shop [-- --no-build] [-- --build-log <file>]`: the local demo in one command.
 *
 * 1. Builds the shop (`npm run build`). Its output, some 200 lines of route table and bundler
 *    notes, goes to the build log (default .data/build.log); the terminal gets one line, and the
 *    log's last lines only when the build fails. `--no-build` serves the build already in .next.
 * 2. Serves it (`npm run start`, server.mjs) with the payment stand-ins beside it
 *    (scripts/with-standins.mjs), and once both listen prints where everything is: the shop's
 *    address, the stand-ins', what this start did to the database, where mail goes, how to get
 *    into the back office, and that Ctrl-C stops both. The start-up lines that says are not
 *    repeated; every other line the two print (the server's log is one JSON line per event) is
 *    passed on as it is.
 *
 * `npm run shop` sets PAYMENTS_ALLOW_STANDINS=1 and KAYA_ALLOW_DEV_SECRET=1 for it (package.json):
 * a production server that takes payments through the stand-ins and seals sessions with the
 * development secret, which is what a demo on one machine needs and a real shop must not do.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withStandins } from "./with-standins.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: npm run shop [-- --no-build] [-- --build-log <file>]";
export const DEFAULT_BUILD_LOG = ".data/build.log";
const TAIL_LINES = 40;

/**
 * @param {string[]} argv
 * @returns {{ build: boolean; buildLog: string }}
 */
export function shopOptions(argv) {
  const out = { build: true, buildLog: DEFAULT_BUILD_LOG };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") out.build = false;
    else if (arg === "--build-log" && argv[i + 1]) out.buildLog = argv[++i];
    else if (arg.startsWith("--build-log=") && arg.length > "--build-log=".length) out.buildLog = arg.slice(12);
    else throw new Error(`Unknown option ${arg}\n${USAGE}`);
  }
  return out;
}

/**
 * What a start-up line tells: the shop's address (server.mjs's "listening" event), the stand-ins'
 * (standins/main.ts's first line) or what the start did to the database (lib/db/startup.ts,
 * which the server runs after it starts listening). Anything else is null.
 * @param {{ from: "standins" | "command"; line: string }} input
 * @returns {{ shop: string } | { standins: string } | { database: string } | null}
 */
export function startupFact({ from, line }) {
  if (from === "standins") {
    const standins = /^\[standins\] payment gateway stand-ins on (\S+)/.exec(line)?.[1];
    return standins ? { standins } : null;
  }
  if (!line.startsWith("{")) return null;
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    return null;
  }
  if (event?.level !== "info" || typeof event.msg !== "string") return null;
  if (event.area === "server" && typeof event.url === "string" && /is listening on/.test(event.msg))
    return { shop: event.url };
  if (event.area === "db" && /\bdatabase\b/.test(event.msg)) return { database: event.msg };
  return null;
}

/**
 * The block printed once the shop and the stand-ins listen and the database is ready.
 * @param {{ shop: string; standins: string; database: string; smtp: boolean }} facts
 * @returns {string}
 */
export function readyBlock({ shop, standins, database, smtp }) {
  const rows = [
    ["Shop", shop],
    ["Payment stand-ins", `${standins} (test gateways: no real money moves)`],
    ["Database", `${database[0].toUpperCase()}${database.slice(1)}`],
    [
      "Mail",
      smtp
        ? "sent through SMTP_URL"
        : "nothing leaves this machine; npm run mail:outbox prints the latest (a reset code, say)",
    ],
    ["Back office", `${shop}/admin, once an admin exists. Make one with the shop stopped:`],
    ["", "npm run admin:create -- --email you@example.co.za, then npm run shop -- --no-build"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    "",
    "Kaya Living is running.",
    "",
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    "",
    "Ctrl-C stops both. The server's log follows, one JSON line per event.",
    "",
  ].join("\n");
}

/** The files Next reads settings from in production, besides the environment. */
const ENV_FILES = [".env.production.local", ".env.local", ".env.production", ".env"];

/** Whether the shop will send mail: SMTP_URL from the environment, else from the first file that sets it. */
function sendsMail(env = process.env) {
  if (env.SMTP_URL !== undefined) return Boolean(env.SMTP_URL.trim());
  for (const file of ENV_FILES) {
    let text = "";
    try {
      text = fs.readFileSync(path.join(ROOT, file), "utf8");
    } catch {
      continue;
    }
    const value = /^\s*(?:export\s+)?SMTP_URL\s*=(.*)$/m.exec(text)?.[1];
    if (value !== undefined) return Boolean(value.replace(/\s+#.*$/, "").replace(/^\s*["']?|["']?\s*$/g, ""));
  }
  return false;
}

/** `npm run build`, its output into the log; resolves with its status and how long it took. */
function build(logFile) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  const started = Date.now();
  process.stdout.write("Building the shop… ");
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", log, log], env: process.env });
    child.on("error", (err) => {
      fs.writeSync(log, `npm could not start: ${err.message}\n`);
      resolve({ code: 1, seconds: 0 });
    });
    child.on("close", (code, signal) => {
      fs.closeSync(log);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

function tail(file, lines) {
  const text = fs.readFileSync(file, "utf8").replace(/\n$/, "");
  return text.split("\n").slice(-lines).join("\n");
}

async function main() {
  let options;
  try {
    options = shopOptions(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  }
  const shown = path.isAbsolute(options.buildLog) ? options.buildLog : path.normalize(options.buildLog);
  if (options.build) {
    const { code, seconds } = await build(path.resolve(ROOT, options.buildLog));
    if (code !== 0) {
      console.log(`failed after ${seconds} s. The last lines of ${shown}:\n`);
      console.log(tail(path.resolve(ROOT, options.buildLog), TAIL_LINES));
      process.exit(code);
    }
    console.log(`done in ${seconds} s (log: ${shown})`);
  } else if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.error("There is no build in .next to serve: run `npm run shop` without --no-build.");
    process.exit(1);
  }

  console.log("Starting the shop and the payment stand-ins… (a first start also fills the database)");
  /** @type {{ shop?: string; standins?: string; database?: string }} */
  const facts = {};
  // Next's own start-up notes (not the server's JSON log), held back; printed only if the shop
  // stops before it is ready.
  /** @type {string[]} */
  const held = [];
  let ready = false;
  process.on("exit", () => {
    if (!ready && held.length) process.stdout.write(`${held.join("\n")}\n`);
  });
  withStandins("npm", ["run", "--silent", "start"], {
    onLine: (line) => {
      if (ready) {
        (line.stream === "stderr" ? process.stderr : process.stdout).write(`${line.line}\n`);
        return;
      }
      const fact = startupFact(line);
      if (!fact) {
        if (line.stream === "stderr") process.stderr.write(`${line.line}\n`);
        else if (line.line.startsWith("{")) process.stdout.write(`${line.line}\n`);
        else held.push(line.line);
        return;
      }
      Object.assign(facts, fact);
      if (facts.shop && facts.standins && facts.database) {
        ready = true;
        console.log(
          readyBlock({ shop: facts.shop, standins: facts.standins, database: facts.database, smtp: sendsMail() }),
        );
      }
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main();
}
