import {
  CHOSEN_ATTRIBUTE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  type ConsentCategory,
  NOTICE_ACTION_ATTRIBUTE,
} from "@/lib/analytics/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

/**
 * The inline script that runs before the cookie notice in every page's HTML, while the page is
 * parsed (so before its first paint), and before any of the page's own code:
 *
 * 1. When the stored choice needs no asking, it sets CHOSEN_ATTRIBUTE on <html>, and the server's
 *    copy of the notice is never drawn. The rules are parseChoice's and needsAsking's, written
 *    out again in plain old JavaScript (consent-script.test.ts holds the two to the same answers):
 *    this version, a date neither in the future nor older than CONSENT_MAX_AGE_DAYS, and a yes or
 *    no for every category offered. Anything else, storage that throws included, means "ask".
 * 2. Until the consent manager has run, it remembers a press on the notice's buttons (the manager
 *    then acts on it), and hides the notice at once for Accept all and Necessary only.
 *
 * The Content-Security-Policy allows inline scripts ('unsafe-inline', lib/security/headers.ts,
 * which Next's own inline scripts need too). A hash would not help while 'unsafe-inline' stays:
 * listing one switches 'unsafe-inline' off and would block Next's scripts.
 */
export function consentScriptSource(offered: readonly ConsentCategory[]): string {
  const json = JSON.stringify;
  const chosen = json(CHOSEN_ATTRIBUTE);
  const action = json(NOTICE_ACTION_ATTRIBUTE);
  return (
    `(function(h,w){` +
    `try{var c=JSON.parse(w.localStorage.getItem(${json(STORAGE_KEY.consent)})),g=c.granted,t=Date.parse(c.date),n=Date.now();` +
    `if(c.version===${CONSENT_VERSION}&&typeof c.date=="string"&&t<=n+6e4&&n-t<=${CONSENT_MAX_AGE_DAYS * 86_400_000}` +
    `&&g&&${json(offered)}.every(function(k){return typeof g[k]=="boolean"}))h.setAttribute(${chosen},"")}catch(e){}` +
    `h.addEventListener("click",w.kayaConsentListener=function(e){` +
    `var b=e.target.closest&&e.target.closest("["+${action}+"]"),a=b&&b.getAttribute(${action});` +
    `if(a){w.kayaConsentPress=a;if(a!="choose")h.setAttribute(${chosen},"")}},true)` +
    `})(document.documentElement,window)`
  );
}
