import { getImageProps } from "next/image";
import type { ComponentProps } from "react";
import { isMediaPath } from "@/lib/media/address";

type Props = Omit<ComponentProps<"img">, "src" | "width" | "height"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The widths the picture is shown at, for the optimiser's choice of size. */
  sizes: string;
  /** The page's largest paint: fetched first, never lazily. */
  first?: boolean;
};

/**
 * A product's picture: an uploaded photograph through Next's image optimiser (a srcset of sizes,
 * AVIF or WebP), a drawing as the SVG it is. A plain <img> either way, from getImageProps, so a
 * page pays no JavaScript for it.
 */
export function ProductPicture({ src, alt, width, height, sizes, first = false, loading, ...rest }: Props) {
  const shown = first ? { loading: "eager" as const, fetchPriority: "high" as const } : { loading };
  if (isMediaPath(src)) {
    const { props } = getImageProps({ src, alt, width, height, sizes, ...shown });
    // eslint-disable-next-line @next/next/no-img-element -- getImageProps made the optimiser's srcset
    return <img {...props} {...rest} alt={alt} />;
  }
  // eslint-disable-next-line @next/next/no-img-element -- our own SVG drawings need no optimiser
  return <img src={src} alt={alt} width={width} height={height} {...shown} {...rest} />;
}
