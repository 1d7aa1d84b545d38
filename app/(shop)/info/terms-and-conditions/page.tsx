import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("terms-and-conditions");

export default function Page() {
  return <InfoRoute page="terms-and-conditions" />;
}
