import { whatsAppLink } from "@/lib/config/site";

describe("whatsAppLink", () => {
  test("opens a chat with the number and the message typed, spaces and symbols escaped", () => {
    const href = whatsAppLink("Hello Kaya Living, a question about order #1042 & delivery?", "27821234567");
    expect(href).toBe(
      "https://wa.me/27821234567?text=Hello%20Kaya%20Living%2C%20a%20question%20about%20order%20%231042%20%26%20delivery%3F",
    );
    const url = new URL(href);
    expect(url.searchParams.get("text")).toBe("Hello Kaya Living, a question about order #1042 & delivery?");
  });

  test("uses the configured number by default", () => {
    expect(new URL(whatsAppLink("Hi")).pathname).toBe("/27820000000");
  });
});
