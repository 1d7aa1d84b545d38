/*
 * Facts about the build rather than settings: Next and next.config.ts fix them into the bundles
 * (literal references, so they are inlined), or Next sets them while it builds. Client-safe.
 */

/** The build's id (KAYA_BUILD_ID or the commit, set by next.config.ts); unset outside a build. */
export function buildId(): string | undefined {
  return process.env.NEXT_PUBLIC_BUILD_ID || undefined;
}

/**
 * Where this build's Content-Security-Policy lets the checkout's forms go (next.config.ts), or
 * undefined when the code did not come from a build (tests, scripts).
 */
export function builtCheckoutFormOrigins(): string[] | undefined {
  const origins = process.env.KAYA_CHECKOUT_FORM_ORIGINS;
  return origins === undefined ? undefined : origins.split(" ").filter(Boolean);
}

/** A development or test bundle, where the shop warns about mistakes in content. */
export function developmentBuild(): boolean {
  return process.env.NODE_ENV !== "production";
}

/** True inside `next build`, which renders pages but must never open the database. */
export function duringBuild(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
