"use client";

import type { ComponentProps } from "react";

/**
 * An image to load first (the page's largest paint). Rendered by a server component, an eager
 * image becomes a preload hint in the page's data, and every page that prefetches a link to it
 * would then fetch the picture too; preloaded here, only its own page's HTML asks for it early.
 */
export function PriorityImage({ alt, ...props }: ComponentProps<"img">) {
  return (
    <>
      {typeof props.src === "string" ? <link rel="preload" as="image" href={props.src} fetchPriority="high" /> : null}
      {/* eslint-disable-next-line @next/next/no-img-element -- our own SVG drawings need no optimiser */}
      <img alt={alt} fetchPriority="high" {...props} />
    </>
  );
}
