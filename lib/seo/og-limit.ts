import type { Limit } from "@/lib/security/rate-limit";

/**
 * Link-preview requests per network address (lib/seo/og-image.ts): a crawler fetching the previews
 * of a few shares a minute stays well under it; a visitor asking over and over is told to wait.
 */
export const OG_IMAGE_LIMIT: Limit = { limit: 60, windowSeconds: 60 };
