/** The guest's address for the same call as /api/coupon-delete: the cart is found the same way on both. */
export { DELETE } from "@/app/api/coupon-delete/route";
