/**
 * The five ways to pay, in the order the checkout shows them. The checkout's schema, the order
 * rows, the provider registry and the pages all take the list and its type from here.
 */
export const PAYMENT_METHODS = ["payfast", "bank-transfer", "finchoice", "payjustnow", "ozow"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
