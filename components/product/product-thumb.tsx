import type { Picture } from "@/lib/catalog/types";

/**
 * A product's small picture in a list the browser draws (the cart, checkout's summary, search
 * suggestions, saved items): the picture the server chose, and for a photograph the optimiser's copies it
 * named, so these leaves carry none of the optimiser's code.
 */
export function ProductThumb({ picture, className }: { picture: Picture; className: string }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the server named the optimiser's copies (srcset)
    <img
      src={picture.src}
      srcSet={picture.srcset}
      alt=""
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
