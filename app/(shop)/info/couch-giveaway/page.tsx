import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("couch-giveaway");

export default function Page() {
  return <InfoRoute page="couch-giveaway" />;
}
