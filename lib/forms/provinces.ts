/** The one country the shop delivers to. */
export const COUNTRY = "South Africa";

/** South Africa's nine provinces, in the order South Africans see them on forms. */
export const PROVINCES = [
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "Northern Cape",
  "North West",
  "Western Cape",
] as const;

export type Province = (typeof PROVINCES)[number];

export function isProvince(value: string): value is Province {
  return (PROVINCES as readonly string[]).includes(value);
}
