/** One control of a list's filter bar, declared as data by the list and drawn by the filter bar. */
export type FilterField =
  | { kind: "search"; name: string; id: string; label: string; placeholder?: string }
  | { kind: "date"; name: string; id: string; label: string }
  | {
      kind: "select";
      name: string;
      id: string;
      label: string;
      /** The first option's words, the one that sets no filter ("Any status"). */
      any: string;
      options: readonly { value: string; label: string }[];
    };

/** Options from an enum and its labels, in the enum's order. */
export const labelledOptions = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The search box every list has, under the name `q`. */
export const searchField = (id: string, placeholder?: string): FilterField => ({
  kind: "search",
  name: "q",
  id,
  label: "Search",
  placeholder,
});

/** A select's options from [value, label] pairs. */
export const choices = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([value, label]) => ({ value, label }));
