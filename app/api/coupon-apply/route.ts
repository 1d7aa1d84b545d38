export { putCoupon as POST } from "@/lib/api/resources/cart";
