import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("our-fabrics");

export default function Page() {
  return <InfoRoute page="our-fabrics" />;
}
