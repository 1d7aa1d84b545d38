/**
 * The server's log: one JSON line per event,
 * `{"time":…,"level":"error","area":"api","msg":"what happened","error":"ErrorName code: message","requestId":…}`,
 * with the id of the request it happened in (server.mjs gives each request one and returns it as
 * X-Request-Id, so a shopper's report, the access log and an error report meet on it). Errors
 * from the database carry the query's parameters (drizzle's "Failed query: … params: …"), and
 * messages and parameters may hold e-mail addresses, password hashes, names and phone numbers, so
 * only an error's name, code and scrubbed message are written: never its parameters, details,
 * the objects attached to it or anything after "params:".
 */
type Level = "error" | "warn" | "info";

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const ARGON2 = /\$argon2(?:id|i|d)\$[A-Za-z0-9$=,+/.-]*/g;

/** A message without parameter lists, quoted values, e-mail addresses, hashes or query values. */
export function scrub(text: string): string {
  return text
    .replace(/\bparams:[\s\S]*$/i, "params: [removed]")
    .replace(ARGON2, "[hash]")
    .replace(EMAIL, "[email]")
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/=\((?:[^()]|\([^()]*\))*\)/g, "=(…)")
    .replace(/(:\s*)"[^"]*"\s*$/, '$1"…"')
    .replace(/(\?)[^\s#]+/g, "$1…")
    .replace(/\s+/g, " ")
    .trim();
}

function nameOf(err: Error): string {
  const ctor = (err as { constructor?: { name?: unknown } }).constructor?.name;
  return (err.name === "Error" || err.name === "error") && typeof ctor === "string" && ctor ? ctor : err.name;
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" || typeof code === "number" ? String(code) : undefined;
}

/** Where the error was thrown in the shop's own code (a file and line carry no data). */
function origin(err: Error): string | undefined {
  const frames = (err.stack ?? "").split("\n").slice(1);
  const own = frames.find((f) => /^\s*at /.test(f) && !/node_modules|node:internal|\(node:/.test(f));
  const where = own && /\(?((?:\/|[A-Za-z]:\\|webpack|file:)[^()\s]+:\d+:\d+)\)?\s*$/.exec(own)?.[1];
  return where ? where.replace(/^.*?\/(app|lib|components|instrumentation[^/]*|\.next)\//, "$1/") : undefined;
}

/** "DrizzleQueryError: Failed query: … params: [removed]; cause: DatabaseError 23505: duplicate key …" */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Error) {
      const code = codeOf(current);
      parts.push(`${nameOf(current)}${code ? ` ${code}` : ""}: ${scrub(current.message)}`);
      current = current.cause;
    } else {
      // A thrown string or object: its type only, since its contents are unknown.
      parts.push(`thrown ${typeof current}`);
      break;
    }
  }
  const where = err instanceof Error ? origin(err) : undefined;
  return `${parts.join("; cause: ")}${where ? ` (at ${where})` : ""}`;
}

const REQUEST_CONTEXT = Symbol.for("kaya.request-context");
type RequestContext = { getStore(): { requestId: string } | undefined };

/** The id of the request this code runs for, when server.mjs started one. */
export function currentRequestId(): string | undefined {
  return (globalThis as typeof globalThis & { [REQUEST_CONTEXT]?: RequestContext })[REQUEST_CONTEXT]?.getStore()
    ?.requestId;
}

const ORIGINAL = Symbol.for("kaya.log.console-original");
type Marked = Console & { [ORIGINAL]?: Pick<Console, "error" | "warn"> };

/** One event as its JSON line. */
export function logLine(level: Level, area: string, what: string, error?: string): string {
  const requestId = currentRequestId();
  return JSON.stringify({
    time: new Date().toISOString(),
    level,
    area,
    msg: what,
    ...(error === undefined ? {} : { error }),
    ...(requestId ? { requestId } : {}),
  });
}

function emit(level: Level, line: string): void {
  const original = (console as Marked)[ORIGINAL];
  if (level === "error") (original?.error ?? console.error)(line);
  else if (level === "warn") (original?.warn ?? console.warn)(line);
  else console.info(line);
}

function write(level: Level, area: string, what: string, err?: unknown): void {
  emit(level, logLine(level, area, scrub(what), err === undefined ? undefined : describeError(err)));
}

export const log = {
  error: (area: string, what: string, err?: unknown) => write("error", area, what, err),
  warn: (area: string, what: string, err?: unknown) => write("warn", area, what, err),
  info: (area: string, what: string) => write("info", area, what),
};

function looksLikeError(value: unknown): value is Error {
  return (
    value instanceof Error || (typeof value === "object" && value !== null && "message" in value && "stack" in value)
  );
}

/**
 * Next logs an error thrown while rendering a page by handing the error object to console.error,
 * which prints its message and properties: drizzle's query parameters included. From server start
 * (instrumentation.ts), whatever is given to console.error or console.warn is written as one JSON
 * line (area "next"): an error as its one-line description, a text without its parameter list.
 */
export function scrubConsoleErrors(target: Console = console): void {
  const marked = target as Marked;
  if (marked[ORIGINAL]) return;
  const original = { error: target.error.bind(target), warn: target.warn.bind(target) };
  marked[ORIGINAL] = original;
  for (const level of ["error", "warn"] as const) {
    target[level] = (...args: unknown[]) => {
      const text = args.map((a) =>
        looksLikeError(a)
          ? describeError(a)
          : typeof a === "string"
            ? /\bparams:/i.test(a)
              ? scrub(a)
              : a
            : typeof a === "object" && a !== null
              ? `[${a.constructor?.name ?? "object"}]`
              : String(a),
      );
      original[level](logLine(level, "next", text.join(" ").replace(/\s*\n\s*/g, " ")));
    };
  }
}
