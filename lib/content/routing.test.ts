import { contentPathMissing } from "@/lib/content/routing";
import { loadArticles } from "@/lib/content/load";

const q = (s = "") => new URLSearchParams(s);
const first = loadArticles()[0]!.slug;

describe("contentPathMissing", () => {
  test.each([
    [`/blog/${first}`, "", false],
    ["/blog/no-such-article", "", true],
    ["/blog", "", false],
    ["/blog", "page=1", false],
    ["/blog", "page=2", false],
    ["/blog", "page=9", true],
    ["/blog", "page=0", true],
    ["/blog", "page=abc", true],
    ["/info/faqs", "", false],
    ["/info/no-such-page", "", false],
    ["/my-account/orders", "", false],
    ["/product/eden-2-seater", "", false],
    [`/blog/${first}/opengraph-image-abc`, "", false],
    ["/blog/%E0%A4%A", "", true],
  ])("%s?%s -> %p", (path, search, missing) => {
    expect(contentPathMissing(path, q(search))).toBe(missing);
  });
});
