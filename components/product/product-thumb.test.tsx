/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { ProductThumb } from "@/components/product/product-thumb";

test("a photograph is drawn from the optimiser's copies the server named; a drawing as it is", () => {
  const photo = {
    src: `/media/${"a".repeat(64)}.webp`,
    alt: "The Eden by a window",
    width: 2400,
    height: 1800,
    srcset: "/_next/image?url=a&w=128&q=75 1x, /_next/image?url=a&w=256&q=75 2x",
  };
  const { container, rerender } = render(<ProductThumb picture={photo} className="h-9 w-12" />);
  let img = container.querySelector("img")!;
  expect(img.getAttribute("srcset")).toBe(photo.srcset);
  expect(img.getAttribute("src")).toBe(photo.src);
  expect(img.getAttribute("alt")).toBe("");

  const drawing = { src: "/images/products/eden-2-seater/oat-main.svg", alt: "Eden", width: 800, height: 600 };
  rerender(<ProductThumb picture={drawing} className="h-9 w-12" />);
  img = container.querySelector("img")!;
  expect(img.hasAttribute("srcset")).toBe(false);
  expect(img.getAttribute("src")).toBe(drawing.src);
});
