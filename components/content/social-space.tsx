import Link from "next/link";
import { SectionHeading } from "@/components/layout/section-heading";
import { slugify } from "@/lib/catalog/images";
import { SOCIAL_HASHTAG, SOCIAL_POSTS, socialImageSrc } from "@/lib/content/social-space";

/**
 * The home page's social space: shoppers' rooms shared under the hashtag,
 * each leading to the piece in the fabric they chose. Static: no database, no third-party embed.
 */
export function SocialSpace() {
  return (
    <section aria-labelledby="social-space" className="container-page mt-16" data-testid="social-space">
      <SectionHeading id="social-space" kicker="Shared by you" title="In your homes" />
      <p className="-mt-3 mb-6 max-w-2xl text-stone-700">
        Rooms our customers have shared with us. Tag yours {SOCIAL_HASHTAG} and it may appear here.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
        {SOCIAL_POSTS.map((post) => (
          <li key={post.id}>
            <Link href={`/product/${post.productSlug}?fabric=${slugify(post.fabric)}`} className="group block" data-testid="social-post" data-product={post.productSlug} data-fabric={post.fabric}>
              <figure>
                {/* eslint-disable-next-line @next/next/no-img-element -- our own SVG drawing */}
                <img
                  src={socialImageSrc(post.id)}
                  alt={`The ${post.productName} in ${post.fabric}, in ${post.handle}'s home in ${post.place}`}
                  width={720}
                  height={720}
                  loading="lazy"
                  className="aspect-square w-full rounded-card object-cover transition group-hover:opacity-90"
                />
                <figcaption className="mt-2 text-sm leading-snug">
                  <span className="font-semibold text-ink">{post.handle}</span>
                  <span className="text-stone-600"> · {post.place}</span>
                  <span className="mt-0.5 block text-stone-700 group-hover:underline">{post.productName} in {post.fabric}</span>
                  <span className="mt-1 hidden text-stone-600 sm:block">“{post.quote}”</span>
                </figcaption>
              </figure>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
