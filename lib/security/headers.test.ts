import { contentSecurityPolicy, securityHeaders } from "@/lib/security/headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `) || d === name);

describe("security headers", () => {
  test("nothing third-party is allowed unless configured", () => {
    const csp = contentSecurityPolicy({ production: true, paymentFormOrigins: [] });
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(csp).not.toContain("googletagmanager");
  });

  test("configured third parties and payment gateways are allowed, and only they", () => {
    const csp = contentSecurityPolicy({
      production: true,
      gtmId: "GTM-TEST",
      pixelId: "123",
      mapsKey: "k",
      sentryDsn: "https://abc@o1.ingest.sentry.io/42",
      paymentFormOrigins: ["https://www.payfast.co.za", "https://pay.ozow.com"],
    });
    expect(directive(csp, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(csp, "script-src")).toContain("https://connect.facebook.net");
    expect(directive(csp, "script-src")).toContain("https://maps.googleapis.com");
    expect(directive(csp, "connect-src")).toContain("https://o1.ingest.sentry.io");
    expect(directive(csp, "form-action")).toBe("form-action 'self' https://www.payfast.co.za https://pay.ozow.com");
  });

  test("eval only for the development server, even when a production build is served over http", () => {
    expect(directive(contentSecurityPolicy({ production: false, paymentFormOrigins: [] }), "script-src")).not.toContain(
      "'unsafe-eval'",
    );
    expect(
      directive(contentSecurityPolicy({ production: false, development: true, paymentFormOrigins: [] }), "script-src"),
    ).toContain("'unsafe-eval'");
  });

  test("HSTS only in production; the fixed headers always", () => {
    const dev = securityHeaders({ production: false, paymentFormOrigins: [] }).map((h) => h.key);
    const prod = securityHeaders({ production: true, paymentFormOrigins: [] }).map((h) => h.key);
    expect(dev).not.toContain("Strict-Transport-Security");
    expect(prod).toEqual(
      expect.arrayContaining([
        "Content-Security-Policy",
        "Strict-Transport-Security",
        "X-Content-Type-Options",
        "Referrer-Policy",
        "Permissions-Policy",
      ]),
    );
  });
});
