/**
 * The link in a staff invitation. Its token travels in the fragment (`#token=…`), which a browser
 * never sends: not to the shop's server or a proxy in front of it (so no access log holds it), nor
 * in a Referer. The accept page reads it, takes it out of the address bar and posts it.
 */
export const INVITATION_PAGE = "/staff-invitation";

const FRAGMENT_KEY = "token";

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${INVITATION_PAGE}#${FRAGMENT_KEY}=${encodeURIComponent(token)}`;
}

/** The token of a link's fragment ("#token=…"), or null when it has none. */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(FRAGMENT_KEY)?.trim();
  return token ? token : null;
}
