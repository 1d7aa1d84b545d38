import { SITE } from "@/lib/config/site";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The shop's plain e-mail frame: a heading, paragraphs of escaped text, an optional footer line. */
export function emailHtml(opts: { heading: string; paragraphs: string[]; action?: { label: string; href: string }; footer?: string }): string {
  const p = (t: string) => `<p style="margin:0 0 14px;line-height:1.6;color:#4d463e">${escapeHtml(t).replace(/\n/g, "<br>")}</p>`;
  const action = opts.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(opts.action.href)}" style="background:#48522b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>`
    : "";
  const footer = opts.footer ? `<p style="margin:28px 0 0;font-size:12px;color:#675f55">${opts.footer}</p>` : "";
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
