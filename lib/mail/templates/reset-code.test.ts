import { resetCodeEmail } from "@/lib/mail/templates/reset-code";
import { escapeHtml } from "@/lib/mail/templates/layout";

describe("reset code e-mail", () => {
  const mail = resetCodeEmail({
    firstName: "Thandi",
    code: "042917",
    minutes: 15,
    maxAttempts: 5,
  });

  test("plain text carries the code, the time limit and the shop's details", () => {
    expect(mail.text).toContain("Hi Thandi,");
    expect(mail.text).toContain("Your code: 042917");
    expect(mail.text).toContain("15 minutes");
    expect(mail.text).toContain("5 wrong tries");
    expect(mail.text).toContain("hello@kaya-living.example");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  test("HTML carries the same in the shop's colours", () => {
    expect(mail.html).toContain("042917");
    expect(mail.html).toContain("#48522b");
    expect(mail.html).toContain('lang="en-ZA"');
    expect(mail.html).toContain("/reset-password");
  });

  test("names are escaped in HTML", () => {
    const evil = resetCodeEmail({
      firstName: "<img src=x onerror=alert(1)>",
      code: "111111",
      minutes: 15,
      maxAttempts: 5,
    });
    expect(evil.html).not.toContain("<img src=x");
    expect(evil.html).toContain(escapeHtml("<img src=x onerror=alert(1)>"));
  });

  test("an empty name still reads well", () => {
    expect(resetCodeEmail({ firstName: " ", code: "111111", minutes: 15, maxAttempts: 5 }).text).toContain("Hi there,");
  });
});
