import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { SwatchForm } from "@/components/swatches/swatch-form";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { databaseReads, getFabrics, shellExpiresAfterBuild } from "@/lib/catalog/data";
import { infoPath } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";
import { SWATCHES } from "@/lib/swatches/rules";

const TITLE = "Free fabric swatches";

export const metadata: Metadata = pageMetadata({
  title: TITLE,
  description: `Feel our linens, velvets, bouclé and performance weaves at home before you choose: up to ${SWATCHES.maxFabrics} fabric swatches, posted free anywhere in South Africa.`,
  path: "/fabric-swatches",
});

/** The request page: the same for everyone, rendered once per change to the range; the form does the rest. */
export default async function FabricSwatchesPage() {
  await shellExpiresAfterBuild();
  return (
    <div className="container-page py-10 lg:py-14">
      <Breadcrumbs trail={[{ label: TITLE }]} />
      <div className="mt-4 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div>
          <h1 className="text-4xl leading-tight text-ink sm:text-5xl">{TITLE}</h1>
          <p className="mt-4 text-lg text-stone-700">
            A colour on a screen is not a fabric in your hand. Choose up to {SWATCHES.maxFabrics}, and we post them to
            you free, within {SWATCHES.postedWithinWorkingDays} working days.
          </p>
          <p className="mt-4 text-stone-700">
            Each swatch is a 10 × 10 cm cut of the fabric we upholster with, labelled with its name and care.{" "}
            <Link href={infoPath("our-fabrics")} className="font-medium text-olive-800 underline underline-offset-4">
              Read about our fabrics
            </Link>
            .
          </p>
        </div>
        <Suspense fallback={<div className="h-96 animate-pulse rounded-card bg-oat-100" />}>
          <RangeForm />
        </Suspense>
      </div>
    </div>
  );
}

async function RangeForm() {
  await databaseReads();
  const fabrics = (await getFabrics()).map(({ slug, name, hex, family, note }) => ({ slug, name, hex, family, note }));
  return <SwatchForm fabrics={fabrics} />;
}
