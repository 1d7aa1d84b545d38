/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { mutate, resetSharedData, sharedData, useSharedData } from "@/lib/http/shared-data";

/** An answer the test settles when it wants: what the server says, and when. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Shown({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSharedData<string>("/api/thing", fetcher);
  return <p data-testid="shown">{data ?? "nothing yet"}</p>;
}

beforeEach(() => resetSharedData());

test("components showing one key share one request and its answer", async () => {
  const answer = deferred<string>();
  const fetcher = jest.fn(() => answer.promise);
  render(
    <>
      <Shown fetcher={fetcher} />
      <Shown fetcher={fetcher} />
    </>,
  );
  expect(fetcher).toHaveBeenCalledTimes(1);
  await act(async () => answer.resolve("first"));
  expect(screen.getAllByTestId("shown").map((p) => p.textContent)).toEqual(["first", "first"]);
});

test("an answer to a request made before a change does not overwrite the change", async () => {
  const old = deferred<string>();
  render(<Shown fetcher={() => old.promise} />);
  await act(async () => void (await mutate("/api/thing", Promise.resolve("changed"))));
  await act(async () => old.resolve("stale"));
  expect(screen.getByTestId("shown")).toHaveTextContent("changed");
});

test("a change shows at once, settles to the server's answer, and rolls back when refused", async () => {
  await mutate("/api/thing", "confirmed");
  const refused = deferred<string>();
  const change = mutate("/api/thing", refused.promise, { optimisticData: (c) => `${c} + mine` });
  expect(sharedData("/api/thing")).toBe("confirmed + mine");
  refused.reject(new Error("no"));
  await expect(change).rejects.toThrow("no");
  expect(sharedData("/api/thing")).toBe("confirmed");

  const accepted = mutate("/api/thing", Promise.resolve("server's"), { optimisticData: () => "mine" });
  expect(sharedData("/api/thing")).toBe("mine");
  await accepted;
  expect(sharedData("/api/thing")).toBe("server's");
});

test("of two changes on their way, only the later writes its answer", async () => {
  const first = deferred<string>();
  const second = deferred<string>();
  const a = mutate("/api/thing", first.promise, { optimisticData: () => "one" });
  const b = mutate("/api/thing", second.promise, { optimisticData: () => "two" });
  second.resolve("both");
  first.resolve("only the first");
  await Promise.all([a, b]);
  expect(sharedData("/api/thing")).toBe("both");
});
