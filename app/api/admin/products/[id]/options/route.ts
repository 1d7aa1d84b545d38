import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { optionsFields } from "@/lib/admin/options-form";
import { listFabrics } from "@/lib/catalog/queries";
import { setOptions } from "@/lib/admin/product-options";

type Context = { params: Promise<{ id: string }> };

/**
 * { attributes: [{ name, values }] } (values: one text, comma- or line-separated): the product's
 * attributes, and its options made the whole grid of their values.
 */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const productId = await idParam(context);
  const { attributes } = await parseParams(request, optionsFields(await listFabrics(ctx.db)));
  const done = await setOptions(ctx.db, productId, attributes, auditAs(ctx));
  const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const message =
    done.options === 0
      ? "Attributes saved: sold as one item."
      : `Options saved: ${counted(done.options, "option")}, ${done.made} new, ${done.removed} removed.`;
  return adminJson({ ...done, message });
}, "products");
