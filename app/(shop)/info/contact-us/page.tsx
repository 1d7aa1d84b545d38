import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("contact-us");

export default function Page() {
  return <InfoRoute page="contact-us" />;
}
