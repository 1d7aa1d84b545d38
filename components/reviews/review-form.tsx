"use client";

import { useId, useState } from "react";
import { FormMessage, TextArea, TextInput } from "@/components/content/form-fields";
import { postReview } from "@/lib/reviews/client";
import { formValues } from "@/lib/forms/client";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import type { PublicReview } from "@/lib/reviews/types";
import { toast } from "@/stores/toast";

const STAR = "M12 2.8l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.6l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z";
const WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function RatingInput({
  value,
  onChange,
  invalid,
  errorId,
}: {
  value: number;
  onChange: (n: number) => void;
  invalid: boolean;
  errorId: string;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined}>
      <legend className="text-sm font-semibold text-ink">Your rating</legend>
      <div className="mt-1.5 flex items-center gap-3" onMouseLeave={() => setHover(0)}>
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="relative cursor-pointer rounded p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-olive-700"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
              />
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
              <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden>
                <path d={STAR} fill={n <= shown ? "#b5803a" : "#e4dccd"} />
              </svg>
            </label>
          ))}
        </div>
        <span className="text-sm text-stone-600" aria-hidden>
          {WORDS[shown]}
        </span>
      </div>
    </fieldset>
  );
}

/**
 * Writing a review, checked here and on the server. A published review goes into the list at
 * once; a held one leaves the form saying so in the server's words.
 */
export function ReviewForm({
  productId,
  productName,
  onCreated,
  onCancel,
}: {
  productId: number;
  productName: string;
  onCreated: (review: PublicReview) => void;
  onCancel: () => void;
}) {
  const [rating, setRating] = useState(0);
  const errorId = useId();
  const [held, setHeld] = useState<string | null>(null);
  const { pending, ready, message: error, fields, submit } = useFormSubmit();

  const onSubmit = submit(async (form) => {
    const { message, review, published } = await postReview({ ...formValues(form), rating: rating || "", productId });
    form.reset();
    setRating(0);
    if (published) {
      toast({ title: message, message: "Your review is now on this page.", type: "success" });
      onCreated(review);
    } else {
      toast({ title: message, type: "success" });
      setHeld(message);
    }
  });

  if (held) {
    return (
      <div
        className="flex flex-col gap-4 rounded-card border border-ink/10 bg-white p-5 sm:p-6"
        data-testid="review-form"
      >
        <h3 className="text-xl text-ink">Review the {productName}</h3>
        <FormMessage success={held} />
        <div>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-card border border-ink/10 bg-white p-5 sm:p-6"
      data-testid="review-form"
      aria-labelledby="review-form-heading"
    >
      <h3 id="review-form-heading" className="text-xl text-ink">
        Review the {productName}
      </h3>
      <RatingInput value={rating} onChange={setRating} invalid={Boolean(fields.rating)} errorId={errorId} />
      <TextInput
        label="Title"
        name="title"
        required
        maxLength={120}
        placeholder="Sum it up in a few words"
        invalid={Boolean(fields.title)}
        errorId={errorId}
      />
      <TextArea
        label="Review"
        name="message"
        rows={5}
        required
        invalid={Boolean(fields.message)}
        errorId={errorId}
        hint="What do you like, what could be better? At least a sentence, please."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          required
          invalid={Boolean(fields.name)}
          errorId={errorId}
          hint="Shown as your first name and surname initial."
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          invalid={Boolean(fields.email)}
          errorId={errorId}
          hint="Never shown. One review per product per address."
        />
      </div>
      <FormMessage id={errorId} error={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={pending || !ready} aria-busy={pending}>
          {pending ? "Submitting" : "Submit review"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
