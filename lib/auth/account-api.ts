import type { RegisterInput } from "@/lib/auth/schemas";
import type { RefreshResponse, SignInResponse } from "@/lib/auth/types";
import { callApi } from "@/lib/http/api-client";

/**
 * The browser's side of the account calls. The session travels in the httpOnly cookie; a refusal
 * is an ApiCallError carrying the server's message and per-field messages.
 */

type Done = { success: true; message: string };

export const accountApi = {
  login: (email: string, password: string) => callApi<SignInResponse>("POST", "/api/login", { email, password }),
  register: (input: Omit<RegisterInput, "email"> & { email: string }) =>
    callApi<SignInResponse>("POST", "/api/register", input),
  /** The site gate's form sends only the password to the sign-up call. */
  passGate: (password: string) => callApi<{ gate: boolean }>("POST", "/api/register", { password }),
  /** Renews the session cookie; the answer holds the customer, never the token. */
  refreshToken: () => callApi<RefreshResponse>("POST", "/api/refresh-token"),
  logout: () => callApi<{ success: true }>("POST", "/api/logout"),
  requestResetCode: (email: string) => callApi<Done>("POST", "/api/customer-lost-password-email", { email }),
  setPassword: (email: string, code: string, password: string) =>
    callApi<Done>("POST", "/api/customer-lost-password-set", { email, code, password }),
  changePassword: (currentPassword: string, newPassword: string) =>
    callApi<Done>("POST", "/api/change-password", { current_password: currentPassword, new_password: newPassword }),
};
