import { InfoRoute, infoMetadata } from "@/app/(shop)/info/info-route";
import { shellExpiresAfterBuild } from "@/lib/catalog/data";

export const metadata = infoMetadata("our-fabrics");

export default async function Page() {
  // The swatches read the range from the database: the build's shell must not outlive the first request.
  await shellExpiresAfterBuild();
  return <InfoRoute page="our-fabrics" />;
}
