import { parseFrontMatter } from "@/lib/content/frontmatter";

describe("parseFrontMatter", () => {
  test("strings, booleans and both kinds of list", () => {
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

  test("a file without front matter is all body", () => {
    expect(parseFrontMatter("Just text")).toEqual({ data: {}, body: "Just text" });
  });

  test.each([
    ["---\ntitle: x\n", /not closed/],
    ["---\njust words\n---\n", /expected "key: value" on front matter line 2/],
    ['---\ntitle: "open\n---\n', /unterminated string/],
    ["---\n- orphan\n---\n", /list item without a key/],
    ["---\na: 1\na: 2\n---\n", /given twice/],
    ["---\na: {b: 1}\n---\n", /unsupported YAML/],
  ])("refuses %p", (src, message) => {
    expect(() => parseFrontMatter(src, "content/x.md")).toThrow(message);
  });
});
