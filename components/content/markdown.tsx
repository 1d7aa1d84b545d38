import { SafeLink } from "@/components/ui/safe-link";
import type { Block, Inline } from "@/lib/content/markdown";

/**
 * Renders lib/content/markdown's tree as React elements: no HTML string is ever injected.
 * Links go through SafeLink: shop paths by next/link, other sites only when the text marks them.
 */
function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return n.value;
      case "strong":
        return <strong key={i} className="font-semibold text-ink"><InlineNodes nodes={n.children} /></strong>;
      case "em":
        return <em key={i}><InlineNodes nodes={n.children} /></em>;
      case "code":
        return <code key={i} className="rounded bg-oat-100 px-1 py-0.5 text-[0.9em]">{n.value}</code>;
      case "link":
        return (
          <SafeLink key={i} href={n.href} external={n.external}
            className="font-medium text-olive-700 underline decoration-olive-700/35 underline-offset-4 hover:decoration-olive-700">
            <InlineNodes nodes={n.children} />
          </SafeLink>
        );
    }
  });
}

function BlockNode({ block }: { block: Block }) {
  switch (block.type) {
    case "heading": {
      const H = block.depth === 2 ? "h2" : block.depth === 3 ? "h3" : "h4";
      const size = block.depth === 2 ? "mt-10 text-2xl sm:text-[1.7rem]" : block.depth === 3 ? "mt-8 text-xl" : "mt-6 font-sans text-base font-semibold tracking-normal";
      return <H id={block.id} className={`scroll-mt-28 leading-snug text-ink ${size}`}><InlineNodes nodes={block.children} /></H>;
    }
    case "paragraph":
      return <p className="mt-4 leading-[1.75] text-stone-700"><InlineNodes nodes={block.children} /></p>;
    case "list": {
      const L = block.ordered ? "ol" : "ul";
      return (
        <L className={`mt-4 space-y-2 pl-6 leading-[1.7] text-stone-700 marker:text-olive-700 ${block.ordered ? "list-decimal" : "list-disc"}`}>
          {block.items.map((item, i) => (
            <li key={i} className="pl-1"><InlineNodes nodes={item} /></li>
          ))}
        </L>
      );
    }
    case "quote":
      return (
        <blockquote className="mt-6 border-l-2 border-olive-700 pl-5 font-display text-lg italic text-ink">
          <Markdown blocks={block.children} />
        </blockquote>
      );
    case "rule":
      return <hr className="my-10 border-ink/10" />;
  }
}

export function Markdown({ blocks, className = "" }: { blocks: Block[]; className?: string }) {
  return (
    <div className={`[&>*:first-child]:mt-0 ${className}`}>
      {blocks.map((b, i) => (
        <BlockNode key={i} block={b} />
      ))}
    </div>
  );
}
