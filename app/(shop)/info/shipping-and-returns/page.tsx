import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("shipping-and-returns");

export default function Page() {
  return <InfoRoute page="shipping-and-returns" />;
}
