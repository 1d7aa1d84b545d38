import { InfoRoute, infoMetadata, infoStaticParams, type InfoRouteProps } from "@/app/(shop)/[slug]/info-route";

export const generateStaticParams = infoStaticParams;
export const metadata = infoMetadata("couch-giveaway");

export default function Page({ params }: InfoRouteProps) {
  return <InfoRoute page="couch-giveaway" params={params} />;
}
