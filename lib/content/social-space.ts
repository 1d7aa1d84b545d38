/**
 * The home page's social space: shoppers' rooms with the piece they bought,
 * as shared under the shop's hashtag. Each post names a real product and one of its fabrics
 * (lib/content/social-space.test.ts checks them against the catalogue); the pictures are drawn
 * by scripts/draw-images.ts from the product's own drawing.
 */
export const SOCIAL_HASHTAG = "#KayaAtHome";

export type SocialRoom = "lounge" | "flat" | "stoep" | "bedroom";

export type SocialPost = {
  id: string;
  /** The sharer's handle and suburb, as they gave them. */
  handle: string;
  place: string;
  productSlug: string;
  productName: string;
  fabric: string;
  room: SocialRoom;
  /** A few words of their own. */
  quote: string;
};

export const SOCIAL_POSTS: readonly SocialPost[] = [
  { id: "thandi-umhlanga", handle: "@thandi.at.home", place: "Umhlanga", productSlug: "eden-2-seater", productName: "Eden 2 Seater", fabric: "Olive", room: "flat", quote: "Fits our flat like it was measured for it." },
  { id: "vanwyk-stellenbosch", handle: "@die.vanwyks", place: "Stellenbosch", productSlug: "fynbos-sleeper", productName: "Fynbos Sleeper", fabric: "Oat", room: "lounge", quote: "The in-laws say the bed is better than theirs." },
  { id: "lerato-soweto", handle: "@lerato_m", place: "Soweto", productSlug: "stoep-corner-couch", productName: "Stoep Corner Couch", fabric: "Charcoal", room: "lounge", quote: "Room for the whole family on derby day." },
  { id: "sam-seapoint", handle: "@sam.in.seapoint", place: "Sea Point", productSlug: "umhlanga-bed-frame", productName: "Umhlanga Bed Frame", fabric: "Oat", room: "bedroom", quote: "Calm, simple and very solid." },
  { id: "jo-parkhurst", handle: "@jo.parkhurst", place: "Parkhurst", productSlug: "karoo-couch", productName: "Karoo Couch", fabric: "Terracotta", room: "stoep", quote: "That colour in the afternoon light." },
  { id: "nandi-knysna", handle: "@nandi.knysna", place: "Knysna", productSlug: "knysna-corner-couch", productName: "Knysna Corner Couch", fabric: "Ink", room: "lounge", quote: "Named after our town, so we had to." },
];

export const socialImageSrc = (id: string) => `/images/generated/social/${id}.svg`;
