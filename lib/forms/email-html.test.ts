import { emailHtml } from "@/lib/forms/email-html";

describe("emailHtml", () => {
  test("every text of the frame is escaped, the footer line included", () => {
    const html = emailHtml({
      heading: "<b>Hello</b>",
      paragraphs: ["<img src=x onerror=alert(1)>\nsecond line"],
      footer: 'Kaya <script>alert(1)</script> & "Co"',
    });
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain("&lt;b&gt;Hello&lt;/b&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;<br>second line");
    expect(html).toContain("Kaya &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;");
  });

  test("a footer link is written by the frame, its address escaped as an attribute", () => {
    const html = emailHtml({
      heading: "Subscribed",
      paragraphs: [],
      footer: [
        "Changed your mind? ",
        { label: "Unsubscribe", href: 'https://shop.test/newsletter/unsubscribe?token=a&b="><script>x</script>' },
        " at any time.",
      ],
    });
    expect(html).toContain(
      'Changed your mind? <a href="https://shop.test/newsletter/unsubscribe?token=a&amp;b=&quot;&gt;&lt;script&gt;x&lt;/script&gt;" style="color:#48522b">Unsubscribe</a> at any time.',
    );
    expect(html).not.toMatch(/<script/i);
  });
});
