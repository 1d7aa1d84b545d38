import { ApiCallError } from "@/lib/http/api-client";

/** A submitted form's text fields by name ("" for one it lacks). */
export function formText(form: HTMLFormElement): (name: string) => string {
  const data = new FormData(form);
  return (name) => String(data.get(name) ?? "");
}

/**
 * Stops a send the shared schema already refuses, with the server's own messages by field, so the
 * form shows them as it would the server's answer.
 */
export function refuseLocally(problems: Record<string, string>): void {
  const first = Object.values(problems)[0];
  if (first) throw new ApiCallError(first, 400, "validation_failed", problems);
}
