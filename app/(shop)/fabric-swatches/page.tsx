import type { Metadata } from "next";
import Link from "next/link";
import { SwatchForm } from "@/components/swatches/swatch-form";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { FABRICS } from "@/lib/catalog/fabrics";
import { infoPath } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";
import { SWATCHES } from "@/lib/swatches/rules";

const TITLE = "Free fabric swatches";

export const metadata: Metadata = pageMetadata({
  title: TITLE,
  description: `Feel our linens, velvets, bouclé and performance weaves at home before you choose: up to ${SWATCHES.maxFabrics} fabric swatches, posted free anywhere in South Africa.`,
  path: "/fabric-swatches",
});

/** The request page: the same for everyone, so it is built once; the form does the rest. */
export default function FabricSwatchesPage() {
  const fabrics = FABRICS.map(({ slug, name, hex, family, note }) => ({ slug, name, hex, family, note }));
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
        <SwatchForm fabrics={fabrics} />
      </div>
    </div>
  );
}
