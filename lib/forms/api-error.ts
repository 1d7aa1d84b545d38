import { ApiError } from "@/lib/api/errors";
import type { FieldError } from "@/lib/forms/validation";

/** A failed form check as the contract's 400: the message word for word, the field in data. */
export function invalid(error: FieldError): ApiError {
  return new ApiError(400, "invalid_params", error.message, {
    field: error.field,
    fields: { [error.field]: error.message },
  });
}
