import { blocksToText, linkTarget, parseInline, parseMarkdown, sections, slugify } from "@/lib/content/markdown";

describe("parseInline", () => {
  test("text, strong, em, code and links", () => {
    expect(parseInline("A **bold** and *soft* word, `code` and [a link](/product/eden-2-seater).")).toEqual([
      { type: "text", value: "A " },
      { type: "strong", children: [{ type: "text", value: "bold" }] },
      { type: "text", value: " and " },
      { type: "em", children: [{ type: "text", value: "soft" }] },
      { type: "text", value: " word, " },
      { type: "code", value: "code" },
      { type: "text", value: " and " },
      { type: "link", href: "/product/eden-2-seater", external: false, children: [{ type: "text", value: "a link" }] },
      { type: "text", value: "." },
    ]);
  });

  test("nesting and underscores inside words", () => {
    expect(parseInline("**a _b_ c**")).toEqual([
      { type: "strong", children: [{ type: "text", value: "a " }, { type: "em", children: [{ type: "text", value: "b" }] }, { type: "text", value: " c" }] },
    ]);
    expect(parseInline("snake_case_name")).toEqual([{ type: "text", value: "snake_case_name" }]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ type: "text", value: "2 * 3 * 4" }]);
  });

  test("escapes and unclosed markers stay text", () => {
    expect(parseInline("\\*not em\\* and **open")).toEqual([{ type: "text", value: "*not em* and **open" }]);
    expect(parseInline("[no target] here")).toEqual([{ type: "text", value: "[no target] here" }]);
  });

  test("unsafe links lose their destination but keep their words", () => {
    expect(parseInline("[click](javascript:alert(1))")).toEqual([{ type: "text", value: "click" }]);
    expect(parseInline("<https://evil.example/>")).toEqual([{ type: "text", value: "https://evil.example/" }]);
    expect(parseInline("[x](//evil.example/)")).toEqual([{ type: "text", value: "x" }]);
    expect(parseInline("<script>alert(1)</script>")).toEqual([{ type: "text", value: "<script>alert(1)</script>" }]);
  });
});

describe("links", () => {
  test("another site only when marked {external}; the mark is not text", () => {
    expect(parseInline("See [the regulator](https://inforeg.org.za){external}.")).toEqual([
      { type: "text", value: "See " },
      { type: "link", href: "https://inforeg.org.za/", external: true, children: [{ type: "text", value: "the regulator" }] },
      { type: "text", value: "." },
    ]);
    expect(parseInline("See [the regulator](https://inforeg.org.za).")).toEqual([{ type: "text", value: "See " }, { type: "text", value: "the regulator" }, { type: "text", value: "." }]);
  });

  test("destinations", () => {
    const cases: Array<[string, boolean, ReturnType<typeof linkTarget>]> = [
      ["/blog", false, { href: "/blog", external: false }],
      [" /blog ", false, { href: "/blog", external: false }],
      ["#care", false, { href: "#care", external: false }],
      ["https://www.payfast.co.za", false, null],
      ["https://www.payfast.co.za", true, { href: "https://www.payfast.co.za/", external: true }],
      ["mailto:hello@kaya-living.example", false, { href: "mailto:hello@kaya-living.example", external: true }],
      ["tel:0210000000", false, { href: "tel:0210000000", external: true }],
      ["javascript:alert(1)", true, null],
      ["JaVaScRiPt:alert(1)", true, null],
      ["data:text/html,hi", true, null],
      ["//evil.example", false, null],
      ["vbscript:x", true, null],
    ];
    for (const [href, marked, expected] of cases) expect([href, linkTarget(href, marked)]).toEqual([href, expected]);
  });
});

describe("parseMarkdown", () => {
  const doc = [
    "# Title becomes h2",
    "",
    "First line",
    "continues here.",
    "",
    "### Smaller & *nicer*",
    "",
    "- one",
    "- two",
    "  wrapped",
    "",
    "1. first",
    "2. second",
    "",
    "> A quote",
    "> with two lines",
    "",
    "---",
    "",
    "## Title becomes h2",
  ].join("\n");

  test("blocks, with unique heading ids", () => {
    const blocks = parseMarkdown(doc);
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "heading", "list", "list", "quote", "rule", "heading"]);
    expect(blocks[0]).toMatchObject({ depth: 2, id: "title-becomes-h2" });
    expect(blocks[7]).toMatchObject({ depth: 2, id: "title-becomes-h2-2" });
    expect(blocks[2]).toMatchObject({ depth: 3, id: "smaller-and-nicer" });
    expect(blocks[1]).toEqual({ type: "paragraph", children: [{ type: "text", value: "First line continues here." }] });
    expect(blocks[3]).toMatchObject({ ordered: false, items: [[{ value: "one" }], [{ value: "two wrapped" }]] });
    expect(blocks[4]).toMatchObject({ ordered: true, items: [[{ value: "first" }], [{ value: "second" }]] });
    expect(blocks[5]).toEqual({ type: "quote", children: [{ type: "paragraph", children: [{ type: "text", value: "A quote with two lines" }] }] });
  });

  test("plain text and sections", () => {
    const blocks = parseMarkdown("Intro.\n\n## Q one?\n\nA one.\n\n## Q two?\n\n- a\n- b\n");
    expect(blocksToText(blocks)).toBe("Intro.\n\nQ one?\n\nA one.\n\nQ two?\n\na\nb");
    const s = sections(blocks);
    expect(s.intro).toHaveLength(1);
    expect(s.sections.map((x) => x.heading.id)).toEqual(["q-one", "q-two"]);
    expect(blocksToText(s.sections[1]!.body)).toBe("a\nb");
  });

  test("raw HTML is text, never markup; code blocks and images keep their words", () => {
    expect(parseMarkdown('<div onclick="steal()">Hi</div>\n\n<img src=x onerror=alert(1)>')).toEqual([
      { type: "paragraph", children: [{ type: "text", value: '<div onclick="steal()">Hi</div>' }] },
      { type: "paragraph", children: [{ type: "text", value: "<img src=x onerror=alert(1)>" }] },
    ]);
    expect(parseMarkdown("A <b>bold</b> &amp; true claim")).toEqual([{ type: "paragraph", children: [{ type: "text", value: "A <b>bold</b> &amp; true claim" }] }]);
    expect(parseMarkdown("    npm run shop\n\n![A couch](/images/x.svg)")).toEqual([
      { type: "paragraph", children: [{ type: "code", value: "npm run shop" }] },
      { type: "paragraph", children: [{ type: "text", value: "A couch" }] },
    ]);
  });

  test("a link's title is not part of its address; headings deeper than #### are h4", () => {
    expect(parseInline('[our fabrics](/info/fabrics "Fabrics")')).toEqual([{ type: "link", href: "/info/fabrics", external: false, children: [{ type: "text", value: "our fabrics" }] }]);
    expect(parseMarkdown("###### Small print")).toEqual([{ type: "heading", depth: 4, id: "small-print", children: [{ type: "text", value: "Small print" }] }]);
  });

  test("slugify", () => {
    expect(slugify("Bouclé, velvet & linen: which?")).toBe("boucle-velvet-and-linen-which");
  });
});
