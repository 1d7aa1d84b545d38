import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "@/components/content/markdown";
import { parseMarkdown } from "@/lib/content/markdown";

describe("Markdown rendered on the server", () => {
  test("content's raw HTML reaches the page as text, and only safe links become links", () => {
    const html = renderToStaticMarkup(
      <Markdown
        blocks={parseMarkdown(
          [
            "## Care & cleaning",
            "",
            '<script>alert("x")</script>',
            "",
            "Wash <img src=x onerror=alert(1)> gently, see [the guide](/info/fabrics), [a trap](javascript:alert(1)) and [the regulator](https://inforeg.org.za){external}.",
          ].join("\n"),
        )}
      />,
    );
    expect(html).toContain('<h2 id="care-and-cleaning"');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toMatch(/<a [^>]*href="\/info\/fabrics"[^>]*>the guide<\/a>/);
    expect(html).not.toContain("javascript:");
    expect(html).toContain("a trap");
    expect(html).toMatch(/<a [^>]*href="https:\/\/inforeg.org.za\/"[^>]*rel="noopener noreferrer"[^>]*>the regulator</);
  });
});
