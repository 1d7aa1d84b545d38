import { FAQJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { Markdown } from "@/components/content/markdown";
import { ChevronDownIcon } from "@/components/ui/icons";
import { blocksToText, plainText, type Block } from "@/lib/content/markdown";

type Question = { id: string; question: string; answer: Block[] };

export function toQuestions(sections: Array<{ heading: Extract<Block, { type: "heading" }>; body: Block[] }>): Question[] {
  return sections.map((s) => ({ id: s.heading.id, question: plainText(s.heading.children), answer: s.body }));
}

/** The FAQ's questions as an accordion (native details: works without script) with FAQPage JSON-LD. */
export function FaqAccordion({ questions }: { questions: Question[] }) {
  return (
    <>
      <JsonLd id="faq-json-ld" data={structuredData(FAQJsonLd, { questions: questions.map((q) => ({ question: q.question, answer: blocksToText(q.answer) })) })} />
      <div className="divide-y divide-ink/10 border-y border-ink/10" data-testid="faq">
        {questions.map((q, i) => (
          <details key={q.id} id={q.id} className="group scroll-mt-28" open={i === 0} data-testid="faq-item">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left [&::-webkit-details-marker]:hidden">
              <h2 className="font-sans text-lg font-semibold tracking-normal text-ink">{q.question}</h2>
              <ChevronDownIcon width={20} height={20} className="shrink-0 text-olive-700 transition-transform group-open:rotate-180" />
            </summary>
            <div className="pb-6 pr-8">
              <Markdown blocks={q.answer} />
            </div>
          </details>
        ))}
      </div>
    </>
  );
}
