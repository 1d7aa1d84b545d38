/** How account pages write an order's date: "12 March 2025", in South African time. */
const DATE = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Johannesburg" });

export function formatOrderDate(iso: string): string {
  return DATE.format(new Date(iso));
}
