import { createLoadingBar, IDLE, type LoadingBarState } from "@/lib/platform/loading-bar";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function bar() {
  const states: LoadingBarState[] = [];
  const b = createLoadingBar((s) => states.push(s));
  return { b, states, last: () => states[states.length - 1]! };
}

describe("loading bar timing", () => {
  test("a navigation faster than 200 ms never shows the bar", () => {
    const { b, states } = bar();
    b.start();
    jest.advanceTimersByTime(199);
    b.finish();
    jest.advanceTimersByTime(5000);
    expect(states.some((s) => s.visible)).toBe(false);
    expect(b.state).toEqual(IDLE);
  });

  test("a slow navigation shows it at 200 ms, fills, then hides 500 ms after finishing and resets 400 ms later", () => {
    const { b, last } = bar();
    b.start();
    jest.advanceTimersByTime(199);
    expect(last().visible).toBe(false);
    jest.advanceTimersByTime(1);
    expect(last()).toMatchObject({ visible: true, phase: "loading", progress: 90 });
    jest.advanceTimersByTime(3000);
    b.finish();
    expect(last()).toMatchObject({ visible: true, phase: "finishing", progress: 100 });
    jest.advanceTimersByTime(499);
    expect(last().visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(last()).toMatchObject({ visible: false, progress: 100 });
    jest.advanceTimersByTime(399);
    expect(last().progress).toBe(100);
    jest.advanceTimersByTime(1);
    expect(last()).toEqual(IDLE);
  });

  test("an error turns it red and then finishes", () => {
    const { b, last } = bar();
    b.start();
    jest.advanceTimersByTime(250);
    b.error();
    expect(last()).toMatchObject({ error: true, visible: true, progress: 100 });
    jest.advanceTimersByTime(900);
    expect(last()).toEqual(IDLE);
  });

  test("a new navigation restarts the timing", () => {
    const { b, last } = bar();
    b.start();
    jest.advanceTimersByTime(150);
    b.start();
    jest.advanceTimersByTime(150);
    expect(last().visible).toBe(false);
    jest.advanceTimersByTime(50);
    expect(last().visible).toBe(true);
  });
});
