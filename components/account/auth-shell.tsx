import { ReturnIcon, ShieldIcon, TruckIcon } from "@/components/ui/icons";
import { SITE } from "@/lib/config/site";
import { DELIVERY_TIME } from "@/lib/delivery/config";

const REASONS = [
  {
    icon: TruckIcon,
    title: "Follow every order",
    text: `From our workshop to your door, delivered free within ${DELIVERY_TIME}.`,
  },
  { icon: ReturnIcon, title: "Check out faster", text: "Your details are filled in for you next time." },
  {
    icon: ShieldIcon,
    title: "Private and secure",
    text: "Your password is never stored as typed, and we never share your details.",
  },
] as const;

/** The frame of the sign-in, sign-up and password pages: the form, and why an account helps. */
export function AuthShell({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="container-page py-8 sm:py-12 lg:py-16">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-card border border-ink/10 bg-white shadow-sm lg:grid-cols-[1fr_0.85fr]">
        <section className="px-5 py-8 sm:p-10">
          <h1 className="text-3xl leading-tight text-ink sm:text-4xl">{title}</h1>
          <div className="mt-3 leading-relaxed text-stone-700">{intro}</div>
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 border-t border-ink/10 pt-6 text-sm text-stone-700">{footer}</div> : null}
        </section>
        <aside
          aria-label={`Why shop with ${SITE.name}`}
          className="border-t border-ink/10 bg-oat-100 px-5 py-8 sm:px-10 lg:border-l lg:border-t-0 lg:py-10"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- our own SVG drawing */}
          <img
            src="/images/generated/hero.svg"
            alt=""
            width={1600}
            height={900}
            loading="lazy"
            className="hidden w-full rounded-md lg:block"
          />
          <ul className="flex flex-col gap-5 lg:mt-8">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white text-olive-700">
                  <Icon width={18} height={18} />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-ink">{title}</span>
                  <span className="mt-0.5 block text-sm leading-relaxed text-stone-700">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
