/** Prints the limits of reliability/support/shop-limits.ts as JSON (run under the react-server condition). */
import { CHECKOUT_LIMITS } from "@/lib/orders/checkout-limits";
import { REGISTER_LIMIT } from "@/lib/auth/accounts";
import { GATE_LIMIT } from "@/lib/auth/site-gate";
import { LOGIN_LIMITS } from "@/lib/auth/login-throttle";
import { RESET_LIMITS } from "@/lib/auth/password-reset";
import { RESTOCK_CONFIRM_LIMIT, RESTOCK_CONFIRM_MAIL_LIMIT, RESTOCK_LIMIT } from "@/lib/restock/schemas";
import { NEWSLETTER_LIMIT, NEWSLETTER_UNSUBSCRIBE_LIMIT } from "@/lib/newsletter/input";
import { GIVEAWAY_LIMIT } from "@/lib/giveaways/input";
import { SWATCH_LIMIT } from "@/lib/swatches/rules";
import { CONTACT_LIMIT } from "@/lib/contact/input";
import { REVIEW_LIMIT } from "@/lib/reviews/input";
import { INVITATION_LINK_LIMIT } from "@/lib/admin/invitations";
import { OG_IMAGE_LIMIT } from "@/lib/seo/og-limit";
import type { ShopLimits } from "./shop-limits";

const limits: ShopLimits = {
  restock: RESTOCK_LIMIT,
  restockConfirm: RESTOCK_CONFIRM_LIMIT,
  restockConfirmMails: RESTOCK_CONFIRM_MAIL_LIMIT,
  newsletter: NEWSLETTER_LIMIT,
  newsletterUnsubscribe: NEWSLETTER_UNSUBSCRIBE_LIMIT,
  giveaway: GIVEAWAY_LIMIT,
  swatches: SWATCH_LIMIT,
  contact: CONTACT_LIMIT,
  review: REVIEW_LIMIT,
  staffInvitation: INVITATION_LINK_LIMIT,
  ogImage: OG_IMAGE_LIMIT,
  checkout: CHECKOUT_LIMITS.perAddress,
  register: REGISTER_LIMIT,
  gate: GATE_LIMIT,
  login: { perClient: LOGIN_LIMITS.perClient, perAddress: LOGIN_LIMITS.perAddress },
  reset: {
    perClient: RESET_LIMITS.perClient,
    perAddress: RESET_LIMITS.perAddress,
    setPerAddress: RESET_LIMITS.setPerAddress,
    perInbox: RESET_LIMITS.perInbox,
  },
};
process.stdout.write(JSON.stringify(limits));
