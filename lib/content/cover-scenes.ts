/** The drawn scenes a journal article can take as its cover (`cover:` in its front matter). */
export const COVER_SCENES = ["measure", "swatches", "care", "small-space", "sleeper", "frame", "ottomans", "bedroom"] as const;
export type CoverScene = (typeof COVER_SCENES)[number];

export const COVER_SIZE = { width: 1200, height: 630 } as const;

export const coverSrc = (slug: string) => `/images/generated/blog/${slug}.svg`;

