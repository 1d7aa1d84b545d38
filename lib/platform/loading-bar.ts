/**
 * The top loading bar's timing: shown only if a navigation takes
 * longer than the throttle, filling over `duration`; on finish it jumps to 100%, hides after
 * `hideDelay` and resets `resetDelay` later. An app error turns it red.
 */
export const LOADING_BAR = { throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400, height: 3 } as const;

export type LoadingBarState = {
  phase: "idle" | "loading" | "finishing";
  visible: boolean;
  progress: number;
  error: boolean;
};

export const IDLE: LoadingBarState = { phase: "idle", visible: false, progress: 0, error: false };

type Timers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };

export function createLoadingBar(
  onChange: (s: LoadingBarState) => void,
  timing = LOADING_BAR,
  timers: Timers = globalThis,
) {
  let state: LoadingBarState = IDLE;
  let pending: ReturnType<typeof setTimeout>[] = [];
  const set = (next: Partial<LoadingBarState>) => {
    state = { ...state, ...next };
    onChange(state);
  };
  const clear = () => {
    pending.forEach((t) => timers.clearTimeout(t));
    pending = [];
  };
  const later = (ms: number, fn: () => void) => pending.push(timers.setTimeout(fn, ms));

  return {
    get state() {
      return state;
    },
    start() {
      clear();
      set({ phase: "loading", visible: false, progress: 0, error: false });
      // Fast navigations never show the bar; slower ones fill towards 90% over `duration`.
      later(timing.throttle, () => set({ visible: true, progress: 90 }));
    },
    finish() {
      if (state.phase === "idle") return;
      clear();
      if (!state.visible) return set(IDLE);
      set({ phase: "finishing", progress: 100 });
      later(timing.hideDelay, () => {
        set({ visible: false });
        later(timing.resetDelay, () => set(IDLE));
      });
    },
    error() {
      if (state.phase === "idle") {
        set({ phase: "loading", visible: true, progress: 90, error: true });
      } else set({ error: true, visible: true });
      this.finish();
    },
    dispose: clear,
  };
}
