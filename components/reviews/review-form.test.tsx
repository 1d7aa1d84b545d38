/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReviewForm } from "@/components/reviews/review-form";
import { REVIEW_HELD, REVIEW_THANKS } from "@/lib/reviews/input";
import type { PublicReview } from "@/lib/reviews/types";
import { useToastStore } from "@/stores/toast";

const review: PublicReview = {
  id: 7,
  productId: 3,
  productSlug: "eden-2-seater",
  productName: "Eden 2 Seater",
  name: "Nomsa D.",
  title: "Lovely couch",
  message: "Comfortable, well made and delivered on time.",
  rating: 5,
  verifiedBuyer: false,
  reply: null,
  createdAt: "2026-03-01T10:00:00.000Z",
};

/** The browser's network, answering as /api/review-create does in each mode. */
function answer(published: boolean) {
  const sent: unknown[] = [];
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    const body = { success: true, message: published ? REVIEW_THANKS : REVIEW_HELD, review, published };
    return { ok: true, status: 201, json: async () => body } as Response;
  }) as typeof fetch;
  return sent;
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("radio", { name: "5 stars" }));
  await user.type(screen.getByLabelText("Title"), "Lovely couch");
  await user.type(screen.getByLabelText("Review"), "Comfortable, well made and delivered on time.");
  await user.type(screen.getByLabelText("Name"), "Nomsa Dlamini");
  await user.type(screen.getByLabelText("Email"), "nomsa@example.co.za");
  await user.click(screen.getByRole("button", { name: "Submit review" }));
}

afterEach(() => useToastStore.setState({ toasts: [] }));

describe("ReviewForm", () => {
  test("a held review: the form says it will appear once checked, and nothing is added to the list", async () => {
    const sent = answer(false);
    const onCreated = jest.fn();
    render(<ReviewForm productId={3} productName="Eden 2 Seater" onCreated={onCreated} onCancel={() => {}} />);
    await fillAndSubmit();
    expect(await screen.findByTestId("form-success")).toHaveTextContent(
      "Thank you for your review. It will appear once we have checked it.",
    );
    expect(screen.queryByRole("button", { name: "Submit review" })).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
    expect(sent).toEqual([expect.objectContaining({ title: "Lovely couch", rating: 5, productId: 3 })]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual([REVIEW_HELD]);
  });

  test("a published review goes into the list at once", async () => {
    answer(true);
    const onCreated = jest.fn();
    render(<ReviewForm productId={3} productName="Eden 2 Seater" onCreated={onCreated} onCancel={() => {}} />);
    await fillAndSubmit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(review));
    expect(screen.queryByTestId("form-success")).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual([REVIEW_THANKS]);
  });
});
