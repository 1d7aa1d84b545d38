import { type AnalyticsConfig, analyticsConfig, offeredCategories } from "@/lib/analytics/consent";
import { consentScriptSource } from "@/lib/analytics/consent-script";
import { CookieNoticeView } from "@/components/analytics/cookie-notice";

/*
 * The cookie notice as the server draws it into every page (app/layout.tsx): first in <body>, so
 * it paints with the page on a first visit and the first Tab reaches it. Server components: the
 * notice costs the browser no script of its own; the consent manager takes it as a prop, shows it
 * while the shopper has to be asked, and acts on its buttons. Without a configured tag manager or
 * pixel there is nothing to ask about: neither renders anything.
 */

/** Goes before the notice: hides it before the first paint when a stored choice covers everything. */
export function ConsentScript({ config = analyticsConfig() }: { config?: AnalyticsConfig }) {
  const offered = offeredCategories(config);
  if (offered.length === 0) return null;
  // A fixed text made from the build's configuration and the consent rules' constants: no input.
  return <script dangerouslySetInnerHTML={{ __html: consentScriptSource(offered) }} />;
}

/** One notice per page: its heading's id is fixed. */
export const NOTICE_TITLE_ID = "cookie-notice-title";

export function CookieNotice({ config = analyticsConfig() }: { config?: AnalyticsConfig }) {
  const offered = offeredCategories(config);
  if (offered.length === 0) return null;
  return <CookieNoticeView offered={offered} titleId={NOTICE_TITLE_ID} />;
}
