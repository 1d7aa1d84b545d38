import { readCart } from "@/lib/api/resources/cart";

/** The shopper's cart: with no session and no guest key, reading it shows an empty cart. */
export const GET = readCart("view");
export { addLine as POST, removeLine as DELETE } from "@/lib/api/resources/cart";
