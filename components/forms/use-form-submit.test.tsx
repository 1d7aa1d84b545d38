/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { LEAVING, useFormSubmit } from "@/components/forms/use-form-submit";
import { callApi } from "@/lib/http/api-client";
import { useToastStore } from "@/stores/toast";

type Answer = { status: number; body: unknown };

/** The browser's network: each call waits until the test answers it, as the shop would. */
function network() {
  const calls: Array<{ url: string; body: unknown; answer: (a: Answer) => void }> = [];
  global.fetch = jest.fn(
    (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url: String(url),
          body: init?.body ? JSON.parse(String(init.body)) : null,
          answer: ({ status, body }) =>
            resolve({
              ok: status >= 200 && status < 300,
              status,
              json: async () => (typeof body === "string" ? JSON.parse(body) : body),
            } as Response),
        });
      }),
  ) as typeof fetch;
  return calls;
}

const refusal = (status: number, message: string, data: Record<string, unknown> = {}) => ({
  status,
  body: { status, code: "invalid_params", message, data: { status, ...data } },
});

function Form({ after }: { after?: () => typeof LEAVING | void }) {
  const { pending, ready, error, message, fields, submit } = useFormSubmit({ fieldNames: ["email"] });
  const onSubmit = submit(async (form) => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    await callApi("POST", "/api/example", { email: value("email"), name: value("name") });
    return after?.();
  });
  return (
    <form onSubmit={onSubmit} data-testid="form">
      <input
        name="email"
        aria-label="Email"
        defaultValue="thandi@example.co.za"
        aria-invalid={fields.email ? true : undefined}
      />
      <input name="name" aria-label="Name" defaultValue="Thandi" aria-invalid={fields.name ? true : undefined} />
      {fields.email ? <p data-testid="email-error">{fields.email}</p> : null}
      {fields.name ? <p data-testid="name-error">{fields.name}</p> : null}
      <p data-testid="form-error">{error}</p>
      <p data-testid="message">{message}</p>
      <button type="submit" disabled={pending || !ready}>
        {pending ? "Sending" : "Send"}
      </button>
    </form>
  );
}

const toasts = () => useToastStore.getState().toasts.map((t) => `${t.type}: ${t.title}`);

afterEach(() => useToastStore.setState({ toasts: [] }));

describe("useFormSubmit, every form's submit", () => {
  test("busy while the call runs, and a second submit meanwhile sends nothing", async () => {
    const calls = network();
    render(<Form />);
    fireEvent.submit(screen.getByTestId("form"));
    fireEvent.submit(screen.getByTestId("form"));
    expect(screen.getByRole("button")).toHaveTextContent("Sending");
    expect(screen.getByRole("button")).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: "/api/example", body: { email: "thandi@example.co.za", name: "Thandi" } });
    await act(async () => calls[0]!.answer({ status: 200, body: { success: true } }));
    expect(screen.getByRole("button")).toHaveTextContent("Send");
    expect(toasts()).toEqual([]);
  });

  test("the server's per-field messages go beside their fields, the first gets the focus, and the refusal is a notification", async () => {
    const calls = network();
    render(<Form />);
    fireEvent.submit(screen.getByTestId("form"));
    await act(async () => calls[0]!.answer(refusal(400, "name: Invalid Name", { fields: { name: "Invalid Name" } })));
    expect(screen.getByTestId("name-error")).toHaveTextContent("Invalid Name");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    // "name" is not among the form's own fieldNames, so the message also shows above the form.
    expect(screen.getByTestId("form-error")).toHaveTextContent("name: Invalid Name");
    expect(toasts()).toEqual(["error: name: Invalid Name"]);
  });

  test("a contract error naming one field (data.field) marks it too; a message beside a form field is not repeated above", async () => {
    const calls = network();
    render(<Form />);
    fireEvent.submit(screen.getByTestId("form"));
    await act(async () => calls[0]!.answer(refusal(400, "Enter a real address", { field: "email" })));
    expect(screen.getByTestId("email-error")).toHaveTextContent("Enter a real address");
    expect(screen.getByTestId("form-error")).toBeEmptyDOMElement();
    expect(screen.getByTestId("message")).toHaveTextContent("Enter a real address");
  });

  test("the next try retires the last refusal's notification and message", async () => {
    const calls = network();
    render(<Form />);
    fireEvent.submit(screen.getByTestId("form"));
    await act(async () => calls[0]!.answer(refusal(503, "The shop is busy for a moment. Please try again.")));
    expect(toasts()).toEqual(["error: The shop is busy for a moment. Please try again."]);
    fireEvent.submit(screen.getByTestId("form"));
    expect(toasts()).toEqual([]);
    expect(screen.getByTestId("message")).toBeEmptyDOMElement();
    await act(async () => calls[1]!.answer({ status: 200, body: { success: true } }));
    expect(toasts()).toEqual([]);
  });

  test("an answer that is not the contract's body, or no answer at all, still says something true", async () => {
    const calls = network();
    render(<Form />);
    fireEvent.submit(screen.getByTestId("form"));
    await act(async () => calls[0]!.answer({ status: 502, body: null }));
    expect(screen.getByTestId("message")).toHaveTextContent(/something went wrong on our side/);
    global.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await act(async () => fireEvent.submit(screen.getByTestId("form")));
    expect(screen.getByTestId("message")).toHaveTextContent(
      "We could not reach the shop. Please check your connection and try again.",
    );
  });

  test("a task that leaves the page keeps the form busy", async () => {
    const calls = network();
    render(<Form after={() => LEAVING} />);
    fireEvent.submit(screen.getByTestId("form"));
    await act(async () => calls[0]!.answer({ status: 200, body: { success: true } }));
    await waitFor(() => expect(screen.getByRole("button")).toHaveTextContent("Sending"));
    fireEvent.submit(screen.getByTestId("form"));
    expect(calls).toHaveLength(1);
  });
});
