import { infoPath } from "@/lib/config/site";
import { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";

export const CATEGORY_LINKS = [
  { href: "/product-category/couches", label: "Couches" },
  { href: "/product-category/sleeper-couches", label: "Sleeper Couches" },
  { href: "/product-category/ottomans", label: "Ottomans" },
  { href: "/product-category/bed-frames", label: "Bed Frames" },
] as const;

export const PROMO_LINKS = [
  { href: FREE_OTTOMAN.path, label: "Get a Free Ottoman" },
  { href: infoPath("our-fabrics"), label: "Our Fabrics" },
  { href: infoPath("contact-us"), label: "Contact Us" },
] as const;

export const ACCOUNT_LINK = { href: "/my-account", label: "Login" } as const;
