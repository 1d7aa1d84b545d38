/** The guest's address for the same call as /api/coupon-apply: the cart is found the same way on both. */
export { POST } from "@/app/api/coupon-apply/route";
