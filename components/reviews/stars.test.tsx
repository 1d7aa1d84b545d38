/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { Stars } from "@/components/reviews/stars";

test("a row of stars reads out its rating and is filled to it, at the size asked for", () => {
  render(<Stars rating={4.67} size={13} />);
  const stars = screen.getByRole("img", { name: "Rated 4.7 out of 5" });
  expect(stars).toHaveStyle({ width: "67px", height: "13px" });
  expect(stars.style.getPropertyValue("--stars-fill")).toBe("93.4%");
  // One element: the shape comes from the stylesheet, not from markup in every card.
  expect(stars.childElementCount).toBe(0);
});

test("a rating outside 0-5 fills no less than none and no more than all", () => {
  render(
    <>
      <Stars rating={7} label="too high" />
      <Stars rating={-1} label="too low" />
    </>,
  );
  expect(screen.getByRole("img", { name: "too high" }).style.getPropertyValue("--stars-fill")).toBe("100%");
  expect(screen.getByRole("img", { name: "too low" }).style.getPropertyValue("--stars-fill")).toBe("0%");
});
