import { callShop, webAddress } from "@/standins/runtime";

/*
 * The stand-ins' pages: plain HTML, clearly marked as a test, with buttons named exactly "Pay"
 * and "Cancel" for people and the e2e suite alike.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const TEST_BANNER = "Test gateway — no real money moves";

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f1d1a; background: #f4f4f5; }
  .banner { background: #7c2d12; color: #fff; padding: .75rem 1rem; text-align: center; font-weight: 700; letter-spacing: .01em; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d4d4d8; border-radius: .75rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .gateway { color: #52525b; margin: 0 0 1.25rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #52525b; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  select { font: inherit; padding: .5rem; width: 100%; margin-bottom: 1.25rem; border: 1px solid #71717a; border-radius: .375rem; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; }
  button, .button { font: inherit; font-weight: 600; padding: .65rem 1.5rem; border-radius: .5rem; border: 2px solid #14532d; cursor: pointer; text-decoration: none; display: inline-block; }
  button.pay { background: #14532d; color: #fff; }
  button.cancel { background: #fff; color: #14532d; }
  button:focus-visible, .button:focus-visible, select:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .error { color: #991b1b; }
  ul.problems { padding-left: 1.25rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f5; padding: .5rem; border-radius: .375rem; font-size: .85rem; }
`;

function document(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} — ${TEST_BANNER}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="banner"><strong data-testid="standin-banner">${TEST_BANNER}</strong></header>
${body}
</body>
</html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

export type GatewayPage = {
  gateway: string;
  heading: string;
  intro: string;
  rows: Array<[string, string]>;
  action: string;
  hidden: Record<string, string>;
  /** Extra form controls (already escaped HTML), shown above the buttons. */
  controls?: string;
};

/** The page a shopper pays on: what is being paid for, and the two buttons. */
export function gatewayPage(p: GatewayPage): Response {
  const rows = p.rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("");
  const hidden = Object.entries(p.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return document(
    p.gateway,
    `<main id="main" data-testid="standin-${escapeHtml(p.gateway.toLowerCase().replace(/\s+/g, "-"))}">
<h1>${escapeHtml(p.heading)}</h1>
<p class="gateway">${escapeHtml(p.intro)}</p>
<dl>${rows}</dl>
<form method="post" action="${escapeHtml(p.action)}">
${hidden}
${p.controls ?? ""}
<div class="actions">
<button type="submit" name="action" value="pay" class="pay">Pay</button>
<button type="submit" name="action" value="cancel" class="cancel">Cancel</button>
</div>
</form>
</main>`,
  );
}

/** A refusal, as a real gateway shows one: what was wrong, and a way back when there is one. */
export function errorPage(
  gateway: string,
  heading: string,
  problems: string[],
  status = 400,
  back?: { href: string; label: string },
  detail?: string,
): Response {
  const list = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("");
  const href = webAddress(back?.href);
  const link = back && href ? `<p><a class="button" href="${escapeHtml(href)}">${escapeHtml(back.label)}</a></p>` : "";
  const pre = detail ? `<pre>${escapeHtml(detail.slice(0, 2000))}</pre>` : "";
  return document(
    gateway,
    `<main id="main" data-testid="standin-error">
<h1 class="error">${escapeHtml(heading)}</h1>
<p class="gateway">${escapeHtml(gateway)}</p>
<ul class="problems">${list}</ul>
${pre}
${link}
</main>`,
    status,
  );
}

/** A payment request with problems, refused; `back` is where the request said to go on an error. */
export function refusedRequestPage(gateway: string, problems: string[], back: string | undefined): Response {
  const link = back ? { href: back, label: "Back to the shop" } : undefined;
  return errorPage(gateway, "The payment request was refused", problems, 400, link);
}

/** A payment page whose session is gone (used already, or the stand-in restarted). */
export function expiredPage(gateway: string, what: string, shopUrl: string): Response {
  return errorPage(gateway, `This ${what} has expired`, ["Start again from the shop's checkout."], 404, {
    href: shopUrl,
    label: "Back to the shop",
  });
}

/**
 * Posts a signed notification to the shop, server to server, as the gateway does before sending
 * the shopper on to `next`: null when the shop took it, else the page that says it did not
 * (`field`: the request's field that named the address).
 */
export async function notifyShop(gateway: string, url: string, body: string, field: string, next: string) {
  const answer = await callShop(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  if (answer.ok) return null;
  return errorPage(
    gateway,
    "The shop did not accept the payment notification",
    [`${field} answered ${answer.status || answer.error}`],
    502,
    { href: next, label: "Continue to the shop" },
    answer.text,
  );
}
