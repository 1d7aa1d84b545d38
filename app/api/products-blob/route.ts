import { connection, NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { allProducts } from "@/lib/catalog/queries";
import { toBlobProduct } from "@/lib/catalog/blob";

export const GET = route(async () => {
  await connection();
  const products = await allProducts(await getDb());
  return NextResponse.json(products.map(toBlobProduct), {
    headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" },
  });
});
