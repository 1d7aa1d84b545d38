/** @jest-environment jsdom */
import { nextPath } from "@/components/account/account-form";

function at(search: string) {
  window.history.replaceState(null, "", `/login${search}`);
}

describe("nextPath (where to go after signing in)", () => {
  test.each([
    ["?next=%2Fmy-account%2Forders", "/my-account/orders"],
    ["?next=%2Fmy-account%2Fview-order%2F12%3Fkey%3Dabc", "/my-account/view-order/12?key=abc"],
    ["", "/my-account"],
    ["?next=https%3A%2F%2Fevil.example", "/my-account"],
    ["?next=%2F%2Fevil.example", "/my-account"],
    ["?next=%2F%5Cevil.example", "/my-account"],
    ["?next=%2F%09%2Fevil.example", "/my-account"],
    ["?next=%2Flogin%3Fnext%3D%2F", "/my-account"],
    ["?next=%2F.%2F%2Fevil.example%2Fphish", "/my-account"],
    ["?next=%2F%252e%2F%2Fevil.example", "/my-account"],
    ["?next=%2F%252E%2F%2Fevil.example", "/my-account"],
    ["?next=%2F.%2F.%2F%2Fevil.example", "/my-account"],
    ["?next=%2Fx%2F..%2F%2Fevil.example", "/my-account"],
  ])("%s -> %s", (search, expected) => {
    at(search);
    expect(nextPath()).toBe(expected);
  });
});
