import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("privacy-policy");

export default function Page() {
  return <InfoRoute page="privacy-policy" />;
}
