import type { Hit, Limit } from "@/lib/security/rate-limit";

/**
 * A fixed-window counter in this process's memory, for a limit that protects the process's own
 * cores (a route that draws): each process counts what it serves, and counting costs no database
 * write, which under the very load it limits would add to it. Limits that must hold across
 * processes (sign-in, checkout) stay in the database (rate-limit.ts).
 */
export class LocalLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** `maxKeys`: addresses tracked at most; past it the ended windows go, then the oldest. */
  constructor(
    private readonly limit: Limit,
    private readonly maxKeys = 50_000,
  ) {}

  hit(key: string, now = Date.now()): Hit {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { count: 0, resetAt: now + this.limit.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count++;
    const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    return { allowed: window.count <= this.limit.limit, retryAfter, count: window.count };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
