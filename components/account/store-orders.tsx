"use client";

import { useEffect } from "react";
import type { ApiOrder } from "@/lib/orders/types";
import { useCustomerStore } from "@/stores/customer";

/** Keeps the customer store's orders in step with the list the server rendered. */
export function StoreOrders({ orders }: { orders: ApiOrder[] }) {
  const setOrders = useCustomerStore((s) => s.setOrders);
  useEffect(() => setOrders(orders), [orders, setOrders]);
  return null;
}
