import { withoutLinks } from "@/lib/mail/user-text";

/** What a mail program could turn into a link, or a reader could type into a browser. */
const LINK_LIKE = /https?:|\/\/|www\.|@|\b[a-z0-9-]+\.[a-z]{2,}\b|\d+\.\d+\.\d+\.\d+/i;

describe("a visitor's text in the shop's e-mails", () => {
  test.each([
    "Verify your account: https://evil.example",
    "Verify your account: https://evil.example/login?next=%2F",
    "HTTPS://EVIL.EXAMPLE",
    "hxxp://x ftp://files.evil.example/a",
    "Go to www.evil.example now",
    "WWW3.evil.example",
    "evil.example",
    "evil.example/login",
    "login.evil.co.za:8443/path",
    "Write to support@evil.example",
    "mailto:support@evil.example",
    "javascript:alert(1)",
    "http://203.0.113.9/pay",
    "203.0.113.9",
    "evil\u3002example",
    "evil\uFF0Eexample",
    "ｅｖｉｌ．ｅｘａｍｐｌｅ",
    "ev\u200Bil.exa\u200Dmple",
    "h\u200Bttps://evil.example",
    "bücher.example",
    "xn--bcher-kva.example",
  ])("%j carries no link", (text) => {
    const safe = withoutLinks(text);
    expect([safe, LINK_LIKE.test(safe)]).toEqual([safe, false]);
    expect(safe).not.toMatch(/evil\.example|evil\.co\.za/i);
  });

  test.each([
    ["Thandi Mokoena", "Thandi Mokoena"],
    ["12 Kloof Street", "12 Kloof Street"],
    ["Flat 4.2, Block B", "Flat 4.2, Block B"],
    ["St. James", "St. James"],
    ["Zoë O'Brien-Nkosi", "Zoë O'Brien-Nkosi"],
    ["  Unit  5  ", "Unit 5"],
    ["St.James Court", "St James Court"],
  ])("%j reads %j", (text, expected) => {
    expect(withoutLinks(text)).toBe(expected);
  });
});
