import { OrderChrome } from "@/components/layout/order-chrome";

export default function OrderLayout({ children }: { children: React.ReactNode }) {
  return <OrderChrome>{children}</OrderChrome>;
}
