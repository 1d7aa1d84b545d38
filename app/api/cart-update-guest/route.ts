/** The guest's address for the same call as /api/cart-update: the cart is found the same way on both. */
export { POST } from "@/app/api/cart-update/route";
