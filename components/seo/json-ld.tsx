import { isValidElement, type ReactNode } from "react";
import { serializeJsonLd, type JsonLdData } from "@/lib/seo/json-ld";

/**
 * A JSON-LD block, written by the shop's serialiser. Every structured-data script of the shop
 * goes through here; next-seo's own components escape only the exact text `</script>`, so they
 * are used for the data they shape (`structuredData`), never to write the script.
 */
export function JsonLd({ id, data }: { id: string; data: JsonLdData }) {
  return (
    <script
      type="application/ld+json"
      id={id}
      data-testid={id}
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/**
 * The structured data a next-seo component builds from its props. Its components are plain
 * functions returning their script element with the data as a prop; anything else is refused
 * loudly rather than rendered as next-seo would.
 */
export function structuredData<P extends object>(component: (props: P) => ReactNode, props: P): JsonLdData {
  const element = component(props);
  const data = isValidElement<{ data?: unknown }>(element) ? element.props.data : undefined;
  if (data === null || typeof data !== "object")
    throw new Error(`${component.name || "A JSON-LD component"} built no structured data`);
  return data as JsonLdData;
}
