/**
 * The server's log: one line per event, `[area] what happened: ErrorName code: message`. Errors
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

function write(level: Level, area: string, what: string, err?: unknown): void {
  const line = `[${area}] ${scrub(what)}${err === undefined ? "" : `: ${describeError(err)}`}`;
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}

export const log = {
  error: (area: string, what: string, err?: unknown) => write("error", area, what, err),
  warn: (area: string, what: string, err?: unknown) => write("warn", area, what, err),
  info: (area: string, what: string) => write("info", area, what),
};

const SCRUBBED = Symbol.for("kaya.log.console-scrubbed");

function looksLikeError(value: unknown): value is Error {
  return value instanceof Error || (typeof value === "object" && value !== null && "message" in value && "stack" in value);
}

/**
 * Next logs an error thrown while rendering a page by handing the error object to console.error,
 * which prints its message and properties: drizzle's query parameters included. From server start
 * (instrumentation.ts), an error given to console.error or console.warn is written as its one-line
 * description instead, and a text with a parameter list loses it.
 */
export function scrubConsoleErrors(target: Console = console): void {
  const marked = target as Console & { [SCRUBBED]?: true };
  if (marked[SCRUBBED]) return;
  marked[SCRUBBED] = true;
  for (const level of ["error", "warn"] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) =>
      original(...args.map((a) => (looksLikeError(a) ? describeError(a) : typeof a === "string" && /\bparams:/i.test(a) ? scrub(a) : a)));
  }
}
