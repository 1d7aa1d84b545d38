import { parseFrontMatter } from "@/lib/content/frontmatter";
import { parseArticle } from "@/lib/content/load";

describe("parseFrontMatter", () => {
  test("strings, booleans, dates and both kinds of list", () => {
    const src = [
      "---",
      'title: "How to choose: a couch"',
      "description: Plain text, with commas",
      "draft: false",
      "tags: [couches, 'small spaces']",
      "products:",
      "  - eden-2-seater",
      "  - pebble-ottoman",
      "# a comment",
      "date: 2026-10-02",
      "---",
      "Body **here**.",
      "",
    ].join("\n");
    expect(parseFrontMatter(src)).toEqual({
      data: {
        title: "How to choose: a couch",
        description: "Plain text, with commas",
        draft: false,
        tags: ["couches", "small spaces"],
        products: ["eden-2-seater", "pebble-ottoman"],
        date: "2026-10-02",
      },
      body: "Body **here**.\n",
    });
  });

  test("a file without front matter is all body, and so is one whose block names another language", () => {
    expect(parseFrontMatter("Just text")).toEqual({ data: {}, body: "Just text" });
    expect(parseFrontMatter("---js\n{ title: process.exit(1) }\n---\nx")).toEqual({ data: {}, body: "---js\n{ title: process.exit(1) }\n---\nx" });
  });

  test.each([
    ["---\ntitle: x\n", /^content\/x\.md: front matter is not closed/],
    ["---\njust words\n---\n", /^content\/x\.md: front matter must be "key: value" lines/],
    ['---\ntitle: "open\n---\n', /^content\/x\.md: front matter is not valid YAML/],
    ["---\n- orphan\n---\n", /^content\/x\.md: front matter must be "key: value" lines/],
    ["---\na: 1\na: 2\n---\n", /^content\/x\.md: front matter is not valid YAML: duplicated mapping key/],
    ["---\ntitle: How to choose: a couch\n---\n", /^content\/x\.md: front matter is not valid YAML/],
  ])("refuses %p, naming the file", (src, message) => {
    expect(() => parseFrontMatter(src, "content/x.md")).toThrow(message);
  });
});

describe("an article's front matter", () => {
  const good = [
    "---",
    "title: Caring for a linen couch",
    "description: How to keep a linen weave looking good for years, from vacuuming to spills.",
    "date: 2026-10-02",
    "author: The workshop",
    "tags: [care]",
    "cover: care",
    "coverFabric: Oat",
    "coverAlt: A linen couch in a sunny lounge",
    "---",
    "Body.",
  ];
  const withLine = (i: number, line: string) => good.map((l, j) => (j === i ? line : l)).join("\n");

  test("a good one loads", () => {
    expect(parseArticle("care", good.join("\n"), "content/blog/care.md")).toMatchObject({ title: "Caring for a linen couch", date: "2026-10-02" });
  });

  test.each([
    ["a required field misspelt", withLine(1, "titel: Caring for a linen couch"), /content\/blog\/care\.md: .*title/],
    ["an optional field misspelt", `${good.slice(0, -2).join("\n")}\nupdatd: 2026-11-01\n---\nBody.`, /content\/blog\/care\.md: .*updatd/],
    ["a field given as a map", withLine(4, "author: {name: The workshop}"), /content\/blog\/care\.md: author/],
    ["a date that is not one", withLine(3, "date: 2 October 2026"), /content\/blog\/care\.md: date/],
  ])("%s fails, naming the file and the field", (_, src, message) => {
    expect(() => parseArticle("care", src, "content/blog/care.md")).toThrow(message);
  });
});
