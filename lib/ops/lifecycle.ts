/**
 * What the server process (server.mjs) and the app's bundles share about the process's life: one
 * object on globalThis, since server.mjs runs outside Next's bundles and each bundle has its own
 * copy of this module. server.mjs creates it before Next loads, sets `draining` when a stop signal
 * arrives and runs the shutdown steps registered here once the last request has finished.
 */
export type ShutdownStep = { name: string; run: () => Promise<void> | void };

export type Lifecycle = {
  draining: boolean;
  shutdownTimeoutMs: number | undefined;
  steps: ShutdownStep[];
};

const KEY = Symbol.for("kaya.lifecycle");

export function lifecycle(): Lifecycle {
  const g = globalThis as typeof globalThis & { [KEY]?: Lifecycle };
  g[KEY] ??= { draining: false, shutdownTimeoutMs: undefined, steps: [] };
  return g[KEY];
}

/** True once the process has been told to stop: it finishes what it has and takes nothing new. */
export function isDraining(): boolean {
  return lifecycle().draining;
}

/** A step for the end of the process, after the last request (steps run in the order given, each once). */
export function onShutdown(name: string, run: ShutdownStep["run"]): void {
  const { steps } = lifecycle();
  if (!steps.some((s) => s.name === name)) steps.push({ name, run });
}
