import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";

export const metadata = infoMetadata("faqs");

export default function Page() {
  return <InfoRoute page="faqs" />;
}
