import {
  LIMITS,
  MESSAGES,
  check,
  firstError,
  firstMissing,
  isValidEmail,
  isValidMessage,
  isValidName,
  text,
  type FieldError,
} from "@/lib/forms/validation";

export type ReviewInput = {
  name: string;
  email: string;
  title: string;
  message: string;
  rating: number;
  productId: number;
};

export const REVIEW_FIELDS = ["name", "email", "title", "message", "rating", "productId"] as const;

/** Per address: enough for a family reviewing what they bought, too few for a spammer. */
export const REVIEW_LIMIT = { limit: 10, windowSeconds: 3600 };
export const REVIEW_THANKS = "Thank you for your review";
/** The answer when reviews are held for approval. */
export const REVIEW_HELD = "Thank you for your review. It will appear once we have checked it.";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: FieldError };

/** A review's fields, checked in the order the form shows its messages. */
export function checkReview(values: Record<string, unknown>): Checked<ReviewInput> {
  const v = {
    name: text(values.name),
    email: text(values.email),
    title: text(values.title),
    message: text(values.message),
  };
  const rating = Number(text(values.rating));
  const productId = Number(text(values.productId));
  const error = firstError(
    firstMissing(values, REVIEW_FIELDS),
    check(isValidName(v.name), "name", MESSAGES.name),
    check(isValidEmail(v.email), "email", MESSAGES.email),
    check(v.title.length <= LIMITS.title, "title", MESSAGES.title),
    check(isValidMessage(v.message, LIMITS.reviewMessage), "message", MESSAGES.message),
    check(Number.isInteger(rating) && rating >= 1 && rating <= 5, "rating", MESSAGES.rating),
    check(Number.isSafeInteger(productId) && productId > 0, "productId", "Invalid product"),
  );
  if (error) return { ok: false, error };
  return { ok: true, value: { ...v, email: v.email.toLowerCase(), rating, productId } };
}
