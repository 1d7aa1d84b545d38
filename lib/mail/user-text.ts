const LOOKALIKE_DOT = /[\u2024\u3002\uFF0E\uFF61]/g;
const SCHEME_LINK = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\b(?:mailto|javascript|vbscript|data|file|tel|sms|callto):\S*/giu;
const WWW_NAME = /\bwww\d*\.\S*/giu;
const EMAIL_ADDRESS = /\S+@\S+/gu;
const IP_ADDRESS = /\b\d{1,3}(?:\.\d{1,3}){3}\b\S*/gu;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const TLD = String.raw`\p{L}[\p{L}\p{N}-]*[\p{L}\p{N}]`;
const DOMAIN_WITH_PATH = new RegExp(String.raw`(?:${LABEL}\.)+${TLD}(?::\d+)?[/?#]\S*`, "giu");
const BARE_DOMAIN = new RegExp(String.raw`(?:${LABEL}\.)+${TLD}`, "giu");

/**
 * Text a visitor wrote (a name, a street line) made safe to repeat in one of the shop's e-mails:
 * nothing in it can read as a link, so nobody can use the shop's own mail to send a stranger to a
 * site of theirs. Web addresses, "www." names, e-mail addresses and bare IP addresses are taken
 * out; a bare domain ("evil.example", but also "St.James") keeps its words without the dots.
 * Lookalike dots, full-width letters and invisible characters are folded first, so they cannot
 * hide a link.
 */
export function withoutLinks(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(LOOKALIKE_DOT, ".")
    .replace(SCHEME_LINK, " ")
    .replace(WWW_NAME, " ")
    .replace(EMAIL_ADDRESS, " ")
    .replace(IP_ADDRESS, " ")
    .replace(DOMAIN_WITH_PATH, " ")
    .replace(BARE_DOMAIN, (domain) => domain.split(".").join(" "))
    .replace(/\s+/g, " ")
    .trim();
}
