import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("about-us");

export default function Page() {
  return <InfoRoute page="about-us" />;
}
