import { SITE } from "@/lib/config/site";
import { escapeHtml } from "@/lib/mail/templates/layout";

type Link = { label: string; href: string };

/** A footer line: text, or text with links in it, all escaped here. */
export type EmailFooter = string | ReadonlyArray<string | Link>;

const FOOTER_LINK = "color:#48522b";

/** The shop's plain e-mail frame: a heading, paragraphs of escaped text, an optional footer line. */
export function emailHtml(opts: {
  heading: string;
  paragraphs: string[];
  action?: Link;
  footer?: EmailFooter;
}): string {
  const p = (t: string) =>
    `<p style="margin:0 0 14px;line-height:1.6;color:#4d463e">${escapeHtml(t).replace(/\n/g, "<br>")}</p>`;
  const action = opts.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(opts.action.href)}" style="background:#48522b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>`
    : "";
  const footerParts = typeof opts.footer === "string" ? [opts.footer] : (opts.footer ?? []);
  const footerHtml = footerParts
    .map((part) =>
      typeof part === "string"
        ? escapeHtml(part)
        : `<a href="${escapeHtml(part.href)}" style="${FOOTER_LINK}">${escapeHtml(part.label)}</a>`,
    )
    .join("");
  const footer = footerHtml ? `<p style="margin:28px 0 0;font-size:12px;color:#675f55">${footerHtml}</p>` : "";
  return (
    `<!doctype html><html lang="en-ZA"><body style="margin:0;background:#faf7f2;font-family:Arial,Helvetica,sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px">` +
    `<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;color:#23201d">${escapeHtml(SITE.name)}</p>` +
    `<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-weight:500;font-size:24px;color:#23201d">${escapeHtml(opts.heading)}</h1>` +
    opts.paragraphs.map(p).join("") +
    action +
    footer +
    `</div></body></html>`
  );
}
