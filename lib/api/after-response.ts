import { AsyncLocalStorage } from "node:async_hooks";
import { after } from "next/server";
import { log } from "@/lib/observability/log";

type Task = () => Promise<void>;

// On globalThis: the server's bundles (instrumentation's, each route's) may each hold a copy of this module.
const KEY = Symbol.for("kaya.after-response");
type Shared = { queued: AsyncLocalStorage<Task[]>; running: Set<Promise<void>> };
const shared = () => {
  const g = globalThis as typeof globalThis & { [KEY]?: Shared };
  return (g[KEY] ??= { queued: new AsyncLocalStorage<Task[]>(), running: new Set() });
};

/**
 * Work the answer of a call need not wait for (handing its e-mail to the mail server): queued while
 * a route handler runs and started once it has its response. Outside a handler (a job, a script)
 * there is no answer to hold up, and the caller is told to do the work itself (false).
 */
export function afterResponse(task: Task): boolean {
  const tasks = shared().queued.getStore();
  if (!tasks) return false;
  tasks.push(task);
  return true;
}

/** Runs a route handler, then starts what it queued after its response: through Next's `after`. */
export async function withAfterResponse<T>(handler: () => Promise<T>): Promise<T> {
  const tasks: Task[] = [];
  try {
    return await shared().queued.run(tasks, handler);
  } finally {
    if (tasks.length > 0) start(tasks);
  }
}

function start(tasks: Task[]): void {
  const run = async () => {
    for (const task of tasks)
      await task().catch((err: unknown) => log.error("api", "work after a response failed", err));
  };
  try {
    after(() => track(run()));
  } catch {
    // Not inside Next's handling of a request (a handler called directly): on the next turn.
    track(new Promise<void>((resolve) => setImmediate(() => void run().finally(resolve))));
  }
}

function track(work: Promise<void>): Promise<void> {
  const { running } = shared();
  running.add(work);
  void work.finally(() => running.delete(work));
  return work;
}

/** Resolves once every task started so far has finished (a stopping server, a test's end). */
export async function afterResponseSettled(): Promise<void> {
  const { running } = shared();
  while (running.size > 0) await Promise.all([...running]);
}
