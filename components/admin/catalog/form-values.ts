import { useState, type ChangeEvent } from "react";
import { ApiCallError } from "@/lib/http/api-client";
import { slugify } from "@/lib/catalog/images";

/** The longest address the server takes (lib/admin/slug.ts). */
const SLUG_MAX = 80;

/** A submitted form's text fields by name ("" for one it lacks). */
export function formText(form: HTMLFormElement): (name: string) => string {
  const data = new FormData(form);
  return (name) => String(data.get(name) ?? "");
}

/**
 * Stops a send the shared schema already refuses, with the server's own messages by field, so the
 * form shows them as it would the server's answer.
 */
export function refuseLocally(problems: Record<string, string>): void {
  const first = Object.values(problems)[0];
  if (first) throw new ApiCallError(first, 400, "validation_failed", problems);
}

/** An address made from a name: "Ivory Bouclé Daybed" -> "ivory-boucle-daybed". */
export function suggestSlug(name: string): string {
  return slugify(name).slice(0, SLUG_MAX).replace(/-+$/, "");
}

/**
 * The address field of a new product or category: it follows the name as staff type until they
 * write an address of their own (emptying it lets the name lead again). Off, it is the address the
 * page already has and only staff change it.
 */
export function useSlugFromName(follow: boolean, initial = "") {
  const [slug, setSlug] = useState(initial);
  const [own, setOwn] = useState(!follow);
  return {
    onNameChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!own) setSlug(suggestSlug(event.currentTarget.value));
    },
    address: {
      value: slug,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setSlug(event.currentTarget.value);
        setOwn(!follow || event.currentTarget.value !== "");
      },
    },
  };
}
