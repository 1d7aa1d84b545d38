import type { RegisterInput } from "@/lib/auth/schemas";
import type { RefreshResponse, SignInResponse } from "@/lib/auth/types";
import type { ApiOrder } from "@/lib/orders/types";

/**
 * The browser's side of the account calls. The session travels in the httpOnly cookie; an error
 * body ({ status, code, message, data }) becomes an AccountApiError with the server's message.
 */
export class AccountApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AccountApiError";
  }
}

type ErrorBody = { status?: number; code?: string; message?: string; data?: { status?: number; fields?: Record<string, string> } };

async function send<T>(path: string, init: { method?: string; body?: Record<string, unknown>; query?: Record<string, string> } = {}): Promise<T> {
  const url = init.query ? `${path}?${new URLSearchParams(init.query)}` : path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "POST",
      headers: init.body ? { "content-type": "application/json" } : undefined,
      body: init.body ? JSON.stringify(init.body) : undefined,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new AccountApiError("We could not reach the shop. Please check your connection and try again.", 0, "network_error");
  }
  const data = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
  if (!response.ok || data === null) {
    const status = data?.data?.status ?? data?.status ?? response.status;
    throw new AccountApiError(data?.message ?? "Something went wrong. Please try again.", status, data?.code ?? "error", data?.data?.fields ?? {});
  }
  return data;
}

export function asAccountApiError(err: unknown): AccountApiError {
  return err instanceof AccountApiError ? err : new AccountApiError("Something went wrong. Please try again.", 0, "error");
}

type Done = { success: true; message: string };

export const accountApi = {
  login: (email: string, password: string) => send<SignInResponse>("/api/login", { body: { email, password } }),
  register: (input: Omit<RegisterInput, "email"> & { email: string }) => send<SignInResponse>("/api/register", { body: input }),
  /** The site gate's form sends only the password to the sign-up call. */
  passGate: (password: string) => send<{ gate: boolean }>("/api/register", { body: { password } }),
  /** Renews the session cookie; the answer holds the customer, never the token. */
  refreshToken: () => send<RefreshResponse>("/api/refresh-token"),
  logout: () => send<{ success: true }>("/api/logout"),
  requestResetCode: (email: string) => send<Done>("/api/customer-lost-password-email", { body: { email } }),
  setPassword: (email: string, code: string, password: string) => send<Done>("/api/customer-lost-password-set", { body: { email, code, password } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    send<Done>("/api/change-password", { body: { current_password: currentPassword, new_password: newPassword } }),
  orders: (customerId: number) => send<ApiOrder[]>("/api/orders-customer", { method: "GET", query: { customer_id: String(customerId) } }),
};
