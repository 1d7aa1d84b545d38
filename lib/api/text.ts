import { ApiError } from "@/lib/api/errors";

/**
 * Text no parameter, cookie or address segment may hold: NUL (PostgreSQL cannot store it in
 * text) and UTF-16 surrogates that are not half of a pair (they name no character). Nobody
 * types either; they only arrive from scripts probing for a crash.
 */
export function isUnfitText(value: string): boolean {
  return value.includes("\u0000") || !value.isWellFormed();
}

/** A name fit to echo in an error: the offending characters shown as U+FFFD. */
export function printable(name: string): string {
  return name.toWellFormed().replaceAll("\u0000", "\ufffd");
}

/** A 400 naming the field, in the shape the forms show beside it. */
export function fieldError(field: string, problem: string): ApiError {
  const shown = printable(field);
  const message = `${shown}: ${problem}`;
  return new ApiError(400, "invalid_params", message, { field: shown, fields: { [shown]: problem } });
}

export const UNFIT_TEXT = "Contains a character that is not allowed";

export function unfitText(field: string): ApiError {
  return fieldError(field, UNFIT_TEXT);
}

/** Throws a 400 naming `field` when `value` is unfit text. */
export function checkText(field: string, value: string): void {
  if (isUnfitText(value)) throw unfitText(field);
}
