export { takeOffCoupon as DELETE } from "@/lib/api/resources/cart";
