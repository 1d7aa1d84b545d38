export { updateLine as POST } from "@/lib/api/resources/cart";
