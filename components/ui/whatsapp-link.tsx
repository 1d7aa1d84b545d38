import { SafeLink } from "@/components/ui/safe-link";
import { WhatsAppIcon } from "@/components/ui/icons";
import { whatsAppLink } from "@/lib/config/site";

/** Opens a WhatsApp chat with the shop, the first message already written. */
export function WhatsAppLink({
  message,
  label = "Chat on WhatsApp",
  className = "btn-secondary",
}: {
  message: string;
  label?: string;
  className?: string;
}) {
  return (
    <SafeLink href={whatsAppLink(message)} external className={className} data-testid="whatsapp-link">
      <WhatsAppIcon width={18} height={18} className="text-success" />
      {label}
    </SafeLink>
  );
}
