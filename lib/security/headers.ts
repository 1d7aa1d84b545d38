/**
 * Security headers for every response. The Content-Security-Policy allows the shop's
 * own origin plus only the third parties that are configured: the tag manager and pixel, the
 * maps service, the error-reporting ingest, and the payment gateways the checkout posts to.
 */
export type HeaderConfig = {
  /** Served over HTTPS in production: adds HSTS and upgrade-insecure-requests. */
  production: boolean;
  /** `next dev`: its hot reloading needs eval. A production build never allows it, https or not. */
  development?: boolean;
  gtmId?: string;
  pixelId?: string;
  mapsKey?: string;
  sentryDsn?: string;
  /** Origins the checkout's signed forms are posted to (PayFast, Ozow…). */
  paymentFormOrigins: string[];
};

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(c: HeaderConfig): string {
  const script = ["'self'", "'unsafe-inline'"];
  const connect = ["'self'"];
  const img = ["'self'", "data:", "blob:"];
  const frame: string[] = [];
  if (c.development) script.push("'unsafe-eval'");
  if (c.gtmId) {
    // Google's CSP guide for the tag manager: its Custom JavaScript variables need eval.
    script.push("https://www.googletagmanager.com", "'unsafe-eval'");
    connect.push(
      "https://www.google-analytics.com",
      "https://*.google-analytics.com",
      "https://www.googletagmanager.com",
    );
    img.push("https://www.googletagmanager.com", "https://*.google-analytics.com");
    frame.push("https://www.googletagmanager.com");
  }
  if (c.pixelId) {
    script.push("https://connect.facebook.net");
    connect.push("https://www.facebook.com", "https://connect.facebook.net");
    img.push("https://www.facebook.com");
  }
  if (c.mapsKey) {
    script.push("https://maps.googleapis.com");
    connect.push("https://maps.googleapis.com", "https://places.googleapis.com");
    img.push("https://maps.gstatic.com", "https://maps.googleapis.com");
  }
  const sentry = origin(c.sentryDsn);
  if (sentry) connect.push(sentry);
  const forms = ["'self'", ...c.paymentFormOrigins.filter(Boolean)];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": script,
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": img,
    "font-src": ["'self'", "data:"],
    "connect-src": connect,
    "frame-src": frame.length ? frame : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": [...new Set(forms)],
    "frame-ancestors": ["'none'"],
  };
  if (c.production) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([k, v]) => (v.length ? `${k} ${[...new Set(v)].join(" ")}` : k))
    .join("; ");
}

export function securityHeaders(c: HeaderConfig): Array<{ key: string; value: string }> {
  const headers = [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(c) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()",
    },
    { key: "X-Frame-Options", value: "DENY" },
  ];
  if (c.production)
    headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" });
  return headers;
}
