import { invitationLink, tokenFromFragment } from "@/lib/admin/invitation-link";

describe("the staff invitation link", () => {
  test("carries the token in the fragment, which browsers never send to a server", () => {
    const link = new URL(invitationLink("https://kaya.example/", "abc_DEF-123"));
    expect(link.pathname).toBe("/staff-invitation");
    expect(link.search).toBe("");
    expect(link.hash).toBe("#token=abc_DEF-123");
    expect(tokenFromFragment(link.hash)).toBe("abc_DEF-123");
  });

  test("a fragment without a token has none", () => {
    expect(tokenFromFragment("")).toBeNull();
    expect(tokenFromFragment("#")).toBeNull();
    expect(tokenFromFragment("#token=")).toBeNull();
    expect(tokenFromFragment("#other=1")).toBeNull();
  });
});
