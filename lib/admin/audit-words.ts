import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/admin/format";
import { SETTINGS } from "@/lib/settings/schema";

/**
 * The audit log in words, as the owner reads it: what was done to what ("Refunded order 1042"),
 * each field by its name in words ("Sale price"), money in rand, moments in South African time.
 * The entries keep their raw form in the database (exports read that); only the page says them.
 */

/** What each verb of an action is said as ("order.refund" -> "Refunded"). */
const VERBS: Record<string, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  duplicate: "Duplicated",
  import: "Imported",
  publish: "Published",
  hide: "Hid",
  schedule: "Scheduled",
  unschedule: "Unscheduled",
  options: "Changed the options of",
  enable: "Switched on",
  disable: "Switched off",
  add: "Added a photograph to",
  "mark-paid": "Marked paid",
  dispatch: "Dispatched",
  complete: "Completed",
  cancel: "Cancelled",
  "cancel-overdue": "Cancelled, unpaid past its deadline,",
  refund: "Refunded",
  set: "Set",
  delivery: "Added a delivery to",
  invite: "Invited",
  "invite-resend": "Sent the invitation again to",
  "invite-withdraw": "Withdrew the invitation of",
  accept: "Accepted the invitation:",
  promote: "Made staff:",
  "role-change": "Changed the role of",
  handled: "Marked handled",
  reopened: "Reopened",
  posted: "Marked posted",
  waiting: "Marked waiting",
  read: "Opened the list of",
  csv: "Exported",
};

/** What each kind of record is called ("fabric_family" -> "fabric family"). */
const NOUNS: Record<string, string> = {
  fabric_family: "fabric family",
  "staff-invitation": "staff invitation",
  contact_message: "message",
  swatch_request: "swatch request",
  newsletter_subscribers: "newsletter subscribers",
  giveaway_entries: "giveaway entries",
  contact_messages: "contact messages",
  swatch_requests: "swatch requests",
  overdue_orders: "overdue orders",
};

/** Fields said otherwise than by splitting their name. */
const FIELD_WORDS: Record<string, string> = {
  priceCents: "Price",
  salePriceCents: "Sale price",
  regularPriceCents: "Regular price",
  totalCents: "Total",
  refundedCents: "Refunded",
  refund: "Refund",
  sku: "SKU",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  ip: "Address",
  rows: "Rows",
};

/** Fields that hold an amount in cents. */
const MONEY = /(Cents|^refund|^amount)$/;
/** Fields that hold a moment. */
const MOMENT = /(At|^date|^publishAt)$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function humanize(name: string): string {
  const words = name
    .replace(/Cents$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a kind of record is called ("fabric_family" -> "fabric family"). */
export function auditKindWords(entity: string): string {
  return NOUNS[entity] ?? entity.replace(/[_-]+/g, " ");
}

/** A part of the settings by what its form is called ("bank-account" -> "Bank account for transfers"). */
const SETTING_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(SETTINGS).map((part) => [part.key, part.label]),
);

/** "Refunded order 1042", "Changed the settings: Bank account for transfers", "Opened the list of orders". */
export function auditActionWords(action: string, entity: string, entityId: string): string {
  const verb = action.includes(".") ? action.slice(action.indexOf(".") + 1) : action;
  const said = VERBS[verb] ?? humanize(verb);
  if (entity === "settings") return `${said} the settings: ${SETTING_LABELS[entityId] ?? entityId}`;
  return [said, auditKindWords(entity), entityId].filter(Boolean).join(" ");
}

/** A field's name in words. */
export function auditFieldWords(field: string): string {
  return FIELD_WORDS[field] ?? humanize(field);
}

/** A field's value as the owner reads it: rand for money, South African time for moments. */
export function auditValueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number" && MONEY.test(field)) return formatMoney(value);
  if (typeof value === "string" && MOMENT.test(field) && ISO_MOMENT.test(value)) return formatDateTime(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldWords(k)}: ${auditValueWords(k, v)}`)
      .join("; ");
  }
  return String(value);
}
