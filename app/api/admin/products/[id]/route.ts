import { parseParams } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import {
  changeStock,
  deleteProduct,
  duplicateProduct,
  getAdminProduct,
  setPrice,
  setMeasurements,
  setPublished,
  updateProductDetails,
} from "@/lib/admin/products";
import { auditAs, productAction } from "@/lib/admin/catalog-api";
import { schedulePublishing } from "@/lib/admin/scheduled-publishing";
import { formatDateTime } from "@/lib/admin/format";

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  const product = await getAdminProduct(db, await idParam(context));
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  return adminJson({ product });
}, "products");

/**
 * { action: "price", variationId?, regularPrice, salePrice? (rands; empty: no sale), alike? }
 * | { action: "stock", variationId?, mode: "set" | "add", quantity } | { action: "publish", published }
 * | { action: "schedule", publishAt: "2026-12-01T08:00" (South African time) | "" (not scheduled) }
 * | { action: "details", name, slug, shortDescription?, description?, seoTitle?, seoDescription?, category? (slug),
 * features? (one a line), specs? (one "Label: value" a line), care? } (a new slug leaves the old address
 * redirecting to the new one; what is left out stays) | { action: "duplicate" } (a hidden copy, answered with its id)
 * | { action: "measurements", variationId?, width, depth, height, seatHeight?, seatDepth?, armHeight?,
 * diagonalDepth?, openLength?, weight? (kg), alike? } (cm; alike "Size": every variation of that size too).
 */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const productId = await idParam(context);
  const action = await parseParams(request, productAction);
  const audit = auditAs(ctx);
  switch (action.action) {
    case "price": {
      const product = await setPrice(
        ctx.db,
        {
          productId,
          variationId: action.variationId,
          regularPriceCents: action.regularPrice,
          salePriceCents: action.salePrice,
        },
        audit,
        action.alike,
      );
      return adminJson({ product, message: "Price saved." });
    }
    case "stock": {
      const product = await changeStock(
        ctx.db,
        { productId, variationId: action.variationId, mode: action.mode, quantity: action.quantity },
        audit,
      );
      return adminJson({ product, message: action.mode === "add" ? "Delivery added." : "Stock saved." });
    }
    case "publish": {
      const product = await setPublished(ctx.db, productId, action.published, audit);
      return adminJson({
        product,
        message: action.published ? `${product.name} is in the shop.` : `${product.name} is hidden from the shop.`,
      });
    }
    case "schedule": {
      const product = await schedulePublishing(ctx.db, productId, action.publishAt, audit);
      return adminJson({
        product,
        message: product.publishAt
          ? `${product.name} will be published on ${formatDateTime(product.publishAt)}.`
          : `${product.name} is no longer scheduled.`,
      });
    }
    case "details": {
      const { name, slug, shortDescription, description, seoTitle, seoDescription } = action;
      const { category, features, specs, care } = action;
      const { product, formerSlug } = await updateProductDetails(
        ctx.db,
        productId,
        { name, slug, shortDescription, description, seoTitle, seoDescription, category, features, specs, care },
        audit,
      );
      const moved = formerSlug ? ` /product/${formerSlug} now leads to /product/${product.slug}.` : "";
      return adminJson({ product, message: `${product.name} saved.${moved}` });
    }
    case "measurements": {
      const { width, depth, height, seatHeight, seatDepth, armHeight, diagonalDepth, openLength, weight } = action;
      const measured = { width, depth, height, seatHeight, seatDepth, armHeight, diagonalDepth, openLength, weight };
      const item = { productId, variationId: action.variationId };
      const product = await setMeasurements(ctx.db, item, measured, audit, action.alike);
      return adminJson({ product, message: "Measurements saved." });
    }
    case "duplicate": {
      const product = await duplicateProduct(ctx.db, productId, audit);
      return adminJson({ product, message: `${product.name} made: hidden until you publish it.` }, 201);
    }
  }
}, "products");

/** Deletes a product that no order and no coupon names; one that was ever ordered is hidden instead. */
export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const deleted = await deleteProduct(ctx.db, await idParam(context), auditAs(ctx));
  return adminJson({ message: `${deleted.name} deleted.` });
}, "products");
