import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("payment-methods");

export default function Page() {
  return <InfoRoute page="payment-methods" />;
}
