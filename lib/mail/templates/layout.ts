import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";

/**
 * The shop's e-mail frame: plain text for every client, and HTML with inline styles and tables
 * (what mail clients still render reliably) in the site's oat, olive and ink.
 */
const COLOURS = {
  canvas: "#faf7f2",
  oat: "#f4eee4",
  olive: "#48522b",
  ink: "#23201d",
  stone: "#675f55",
  line: "#e9e0d1",
};
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export type EmailBlock =
  | { kind: "text"; text: string }
  | { kind: "code"; label: string; code: string }
  | { kind: "button"; label: string; href: string }
  | { kind: "small"; text: string };

export type EmailContent = {
  /** Shown by mail clients beside the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  blocks: EmailBlock[];
};

export function siteFooterText(): string {
  return `${SITE.name} · ${SITE.tagline}\n${SITE.email} · ${SITE.phone}\n${serverEnv().SITE_URL}`;
}

export function renderText(c: EmailContent): string {
  const body = c.blocks.map((b) => {
    switch (b.kind) {
      case "text":
      case "small":
        return b.text;
      case "code":
        return `${b.label}: ${b.code}`;
      case "button":
        return `${b.label}: ${b.href}`;
    }
  });
  return [c.greeting, ...body, "—", siteFooterText()].join("\n\n") + "\n";
}

export function renderHtml(c: EmailContent): string {
  const p = (text: string, size = 16, colour = COLOURS.ink) =>
    `<p style="margin:0 0 16px;font-family:${SANS};font-size:${size}px;line-height:1.6;color:${colour};">${escapeHtml(text)}</p>`;
  const body = c.blocks
    .map((b) => {
      switch (b.kind) {
        case "text":
          return p(b.text);
        case "small":
          return p(b.text, 13, COLOURS.stone);
        case "code":
          return `<p style="margin:0 0 6px;font-family:${SANS};font-size:13px;letter-spacing:0.08em;text-transform:uppercase;color:${COLOURS.stone};">${escapeHtml(b.label)}</p>
<p style="margin:0 0 20px;padding:14px 0;background:${COLOURS.oat};border-radius:6px;text-align:center;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:0.3em;color:${COLOURS.ink};">${escapeHtml(b.code)}</p>`;
        case "button":
          return `<p style="margin:0 0 20px;"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:12px 20px;background:${COLOURS.olive};border-radius:6px;font-family:${SANS};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(b.label)}</a></p>`;
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.heading)}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.canvas};">
<span style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(c.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.canvas};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLOURS.line};border-radius:8px;">
<tr><td style="padding:20px 32px;background:${COLOURS.olive};border-radius:8px 8px 0 0;font-family:${SERIF};font-size:22px;font-weight:600;color:${COLOURS.oat};">${escapeHtml(SITE.name)}</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 20px;font-family:${SERIF};font-size:26px;font-weight:500;line-height:1.25;color:${COLOURS.ink};">${escapeHtml(c.heading)}</h1>
${p(c.greeting)}
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${COLOURS.line};font-family:${SANS};font-size:12px;line-height:1.6;color:${COLOURS.stone};">
${escapeHtml(SITE.name)} · ${escapeHtml(SITE.tagline)}<br>
<a href="mailto:${escapeHtml(SITE.email)}" style="color:${COLOURS.stone};">${escapeHtml(SITE.email)}</a> · ${escapeHtml(SITE.phone)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
