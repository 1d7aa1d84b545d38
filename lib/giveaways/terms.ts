/** What every giveaway promises, as its pages, the terms and the entry e-mail state it. */
export const GIVEAWAY_TERMS = {
  /** The winner is drawn at random within this many days of the closing date. */
  drawWithinDays: 7,
  /** A winner who does not claim the prize (or cannot be reached) within this many days loses it to a new draw. */
  claimWithinDays: 14,
} as const;
