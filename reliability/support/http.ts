import http from "node:http";

/** One answer, with what a check needs to judge it. */
export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
  /** The JSON body, or undefined when there is none or it is not JSON. */
  json: unknown;
  /** No answer at all (connection refused or reset): the status is 0. */
  error?: string;
};

export type Send = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as application/json), or raw bytes with the headers given. */
  json?: unknown;
  body?: string | Buffer;
  form?: Record<string, string>;
  timeoutMs?: number;
};

/** Counts and times every call made through it: statuses seen, p50 and p99. */
export class Stats {
  readonly statuses = new Map<number, number>();
  readonly times: number[] = [];

  record(a: Answer): void {
    this.statuses.set(a.status, (this.statuses.get(a.status) ?? 0) + 1);
    this.times.push(a.ms);
  }

  get requests(): number {
    return this.times.length;
  }

  count(predicate: (status: number) => boolean): number {
    let n = 0;
    for (const [s, c] of this.statuses) if (predicate(s)) n += c;
    return n;
  }

  percentile(p: number): number {
    if (this.times.length === 0) return 0;
    const sorted = [...this.times].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  }

  summary(): string {
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s === 0 ? "no answer" : s}×${c}`)
      .join(", ");
    return `${this.requests} requests; statuses ${statuses || "none"}; p50 ${this.percentile(50).toFixed(0)} ms, p99 ${this.percentile(99).toFixed(0)} ms`;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A client of one shop address; every answer is recorded in `stats`. */
export class Client {
  constructor(
    readonly base: string,
    public stats: Stats = new Stats(),
  ) {}

  async send(req: Send): Promise<Answer> {
    const url = new URL(req.path, this.base);
    const headers: Record<string, string> = { accept: "application/json", ...req.headers };
    let body: Buffer | undefined;
    if (req.json !== undefined) {
      body = Buffer.from(JSON.stringify(req.json));
      headers["content-type"] ??= "application/json";
    } else if (req.form) {
      body = Buffer.from(new URLSearchParams(req.form).toString());
      headers["content-type"] ??= "application/x-www-form-urlencoded";
    } else if (req.body !== undefined) body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    if (body) headers["content-length"] = String(body.byteLength);
    const started = performance.now();
    const answer = await new Promise<Answer>((resolve) => {
      const r = http.request(
        url,
        { method: req.method ?? (body ? "POST" : "GET"), headers, agent, timeout: req.timeoutMs ?? 60_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown;
            if (/json/.test(String(res.headers["content-type"] ?? ""))) {
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - started });
          });
          res.on("error", (err) =>
            resolve({
              status: 0,
              headers: {},
              text: "",
              json: undefined,
              ms: performance.now() - started,
              error: err.message,
            }),
          );
        },
      );
      r.on("timeout", () => r.destroy(new Error("timed out")));
      r.on("error", (err) =>
        resolve({
          status: 0,
          headers: {},
          text: "",
          json: undefined,
          ms: performance.now() - started,
          error: err.message,
        }),
      );
      r.end(body);
    });
    this.stats.record(answer);
    return answer;
  }
}

/** Whether the body is the contract's error body with the answer's status. */
/** The error code of a refused answer in the contract's body, or "" when it has none. */
export function codeOf(a: Answer): string {
  const code = (a.json as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "";
}

export function isContractError(a: Answer): boolean {
  const b = a.json as { status?: unknown; code?: unknown; message?: unknown; data?: { status?: unknown } } | undefined;
  return (
    !!b &&
    b.status === a.status &&
    typeof b.code === "string" &&
    typeof b.message === "string" &&
    !!b.data &&
    b.data.status === a.status
  );
}

/** A distinct client address per shopper (the run's server trusts one proxy, this runner). */
let addressCounter = 0;
export function freshAddress(): Record<string, string> {
  addressCounter += 1;
  return {
    "x-forwarded-for": `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
