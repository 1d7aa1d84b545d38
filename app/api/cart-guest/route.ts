import { readCart } from "@/lib/api/resources/cart";

/** A guest's cart by its key: the `cartKey` parameter or the browser's cookie; with neither, reading it is a 404. */
export const GET = readCart("view-existing");
export { addLine as POST, removeLine as DELETE } from "@/lib/api/resources/cart";
