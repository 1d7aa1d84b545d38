import { CLAIMS, PROMISES } from "@/lib/config/site";
import { ClockIcon, LeafIcon, ReturnIcon, ShieldIcon, TagIcon, TruckIcon } from "@/components/ui/icons";

const ICONS = [TruckIcon, ClockIcon, TagIcon, ReturnIcon, ShieldIcon, LeafIcon, LeafIcon];

/** The home page's commitment section: every claim the shop makes (PROMISES). */
export function Commitment() {
  return (
    <section aria-labelledby="commitment" className="bg-olive-800 text-oat-100">
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_1.4fr] lg:py-20">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-100">Our commitment</p>
          <h2 id="commitment" className="mt-2 text-3xl text-white sm:text-4xl">
            {PROMISES.yearsOfExperience} years of building couches that outlast the trends
          </h2>
          <p className="mt-4 max-w-md leading-relaxed text-oat-200">
            Every frame is cut, glued and screwed in our own South African workshop, then upholstered by hand.
            We deliver it free, anywhere in the country, and stand behind the frame for as long as you own it.
          </p>
        </div>
        <ul className="grid gap-x-8 gap-y-7 sm:grid-cols-2">
          {CLAIMS.map((c, i) => {
            const Icon = ICONS[i] ?? LeafIcon;
            return (
              <li key={c.title} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-olive-700 text-oat-100">
                  <Icon width={20} height={20} />
                </span>
                <div>
                  <h3 className="font-sans text-base font-semibold tracking-normal text-white">{c.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-oat-200">{c.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
