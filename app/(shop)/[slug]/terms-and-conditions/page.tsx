import { InfoRoute, infoMetadata, infoStaticParams, type InfoRouteProps } from "@/app/(shop)/[slug]/info-route";

export const generateStaticParams = infoStaticParams;
export const metadata = infoMetadata("terms-and-conditions");

export default function Page({ params }: InfoRouteProps) {
  return <InfoRoute page="terms-and-conditions" params={params} />;
}
