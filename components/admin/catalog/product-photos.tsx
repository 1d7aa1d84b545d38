"use client";

import Image from "next/image";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY, INPUT, LABEL } from "@/components/admin/ui";
import { Field, FormError } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { ApiCallError, callApi, sendForm } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import type { Photo } from "@/lib/catalog/photos";

/** What the upload takes; the server checks every file's bytes whatever its name says. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif";
const SMALL = "min-h-11 min-w-11 px-3 py-2";

/**
 * A product's photographs: upload several at once, each described before it is sent (so none
 * reaches the shop without words for people who cannot see it), then order, describe, choose the
 * card's and the fabric each shows, or delete.
 */
export function ProductPhotos({
  productId,
  photos,
  fabrics,
}: {
  productId: number;
  photos: Photo[];
  fabrics: string[];
}) {
  return (
    <div className="grid gap-4" data-testid="product-photos">
      {photos.length ? (
        <ol className="grid gap-3" aria-label="Photographs in the shop's order">
          {photos.map((photo, i) => (
            <PhotoRow
              key={`${photo.id}-${photo.alt}-${photo.fabric}-${photo.isCard}`}
              productId={productId}
              photo={photo}
              place={i + 1}
              count={photos.length}
              fabrics={fabrics}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-600">No photographs yet: the shop shows the product&apos;s drawings.</p>
      )}
      <PhotoUpload productId={productId} />
    </div>
  );
}

function PhotoUpload({ productId }: { productId: number }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [files, setFiles] = useState<File[]>([]);
  const [round, setRound] = useState(0);
  const { pending, ready, submit, message, fields } = useFormSubmit();
  const id = useId();

  const upload = async (form: HTMLFormElement) => {
    if (files.length === 0)
      throw new ApiCallError("Choose one or more photographs first", 400, "no_file", {
        file: "Choose one or more photographs first",
      });
    const body = new FormData();
    const alts = new FormData(form).getAll("alt");
    files.forEach((file, i) => {
      body.append("file", file, file.name);
      body.append("alt", String(alts[i] ?? ""));
    });
    const answer = await sendForm<{ message: string }>(`/api/admin/products/${productId}/photos`, body);
    toast({ title: answer.message, type: "success" });
    setFiles([]);
    setRound((r) => r + 1);
    startTransition(() => router.refresh());
  };

  return (
    <form
      key={round}
      onSubmit={submit(upload)}
      className="grid gap-3 rounded-card border border-ink/10 bg-white p-4"
      aria-label="Upload photographs"
    >
      <div>
        <label htmlFor={`${id}-file`} className={LABEL}>
          Add photographs
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          multiple
          accept={ACCEPT}
          className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-ink/20 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
          aria-describedby={`${id}-file-hint${fields.file ? ` ${id}-file-error` : ""}`}
          onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
        />
        <p id={`${id}-file-hint`} className="mt-1 text-xs text-stone-600">
          JPEG, PNG, WebP or AVIF, up to 15 MB and 12 000 px a side each, 20 MB at once. Each is turned upright and its
          camera details are removed.
        </p>
        {fields.file ? (
          <p id={`${id}-file-error`} className="mt-1 text-xs font-medium text-danger">
            {fields.file}
          </p>
        ) : null}
      </div>
      {files.map((file, i) => (
        <Field
          key={`${file.name}-${i}`}
          id={`${id}-alt-${i}`}
          name="alt"
          label={`Description of ${file.name}`}
          hint="What the photograph shows, for people who cannot see it: “Eden 3 Seater in oat bouclé, from the front”."
          error={fields[`alt.${i}`]}
          required
          maxLength={250}
        />
      ))}
      <FormError message={message} />
      <div>
        <button type="submit" className={BUTTON} disabled={!ready || pending}>
          {pending
            ? "Uploading…"
            : files.length > 1
              ? `Upload ${files.length} photographs`
              : files.length === 1
                ? "Upload the photograph"
                : "Upload"}
        </button>
      </div>
    </form>
  );
}

function PhotoRow({
  productId,
  photo,
  place,
  count,
  fabrics,
}: {
  productId: number;
  photo: Photo;
  place: number;
  count: number;
  fabrics: string[];
}) {
  const path = `/api/admin/products/${productId}/photos/${photo.id}`;
  const { send, refreshing } = useAdminCall();
  const describe = useFormSubmit();
  const arrange = useFormSubmit();
  const remove = useFormSubmit();
  const [confirming, setConfirming] = useState(false);
  const router = useRouter();
  const [, startTransition] = useTransition();
  const id = `photo-${photo.id}`;
  const busy = refreshing || arrange.pending;
  const name = `photograph ${place}`;

  const act = (params: Record<string, unknown>) => arrange.submit(() => send(path, params));
  const destroy = remove.submit(async () => {
    const answer = await callApi<{ message: string }>("DELETE", path);
    toast({ title: answer.message, type: "success" });
    startTransition(() => router.refresh());
  });

  return (
    <li
      className="grid gap-4 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-[10rem_1fr]"
      data-testid="photo-row"
      aria-label={`Photograph ${place} of ${count}`}
    >
      <div className="w-40 max-w-full">
        <Image
          src={photo.src}
          alt=""
          width={photo.width}
          height={photo.height}
          sizes="160px"
          className="aspect-[4/3] w-full rounded-md bg-oat-100 object-cover"
        />
        <p className="mt-1 text-xs text-stone-600">
          {place} of {count}
          {photo.isCard ? (
            <strong className="ml-2 rounded bg-olive-700 px-1.5 py-0.5 text-white" data-testid="card-badge">
              Card picture
            </strong>
          ) : null}
        </p>
      </div>
      <div className="grid gap-3">
        <form
          onSubmit={describe.submit((form) => send(path, { action: "alt", alt: new FormData(form).get("alt") }))}
          className="flex flex-wrap items-end gap-2"
        >
          <Field
            id={`${id}-alt`}
            name="alt"
            label="Description"
            defaultValue={photo.alt}
            required
            maxLength={250}
            error={describe.fields.alt}
            className="min-w-0 flex-1 basis-64"
          />
          <button
            type="submit"
            className={`${BUTTON_SECONDARY} ${SMALL}`}
            disabled={!describe.ready || describe.pending}
          >
            Save description
          </button>
        </form>
        <div className="flex flex-wrap items-end gap-2">
          <form onSubmit={act({ action: "move", to: "earlier" })}>
            <button
              type="submit"
              className={`${BUTTON_SECONDARY} ${SMALL}`}
              disabled={!arrange.ready || busy || place === 1}
              aria-label={`Move ${name} earlier`}
            >
              ↑ Earlier
            </button>
          </form>
          <form onSubmit={act({ action: "move", to: "later" })}>
            <button
              type="submit"
              className={`${BUTTON_SECONDARY} ${SMALL}`}
              disabled={!arrange.ready || busy || place === count}
              aria-label={`Move ${name} later`}
            >
              ↓ Later
            </button>
          </form>
          {photo.isCard ? null : (
            <form onSubmit={act({ action: "card" })}>
              <button
                type="submit"
                className={`${BUTTON_SECONDARY} ${SMALL}`}
                disabled={!arrange.ready || busy}
                aria-label={`Show ${name} on product cards`}
              >
                Use as card picture
              </button>
            </form>
          )}
        </div>
        {fabrics.length ? (
          <form
            onSubmit={arrange.submit(async (form) => {
              const fabric = String(new FormData(form).get("fabric") ?? "");
              await send(path, { action: "fabric", fabric: fabric || null });
            })}
            className="flex flex-wrap items-end gap-2"
          >
            <div>
              <label htmlFor={`${id}-fabric`} className={LABEL}>
                Fabric shown
              </label>
              <select id={`${id}-fabric`} name="fabric" defaultValue={photo.fabric ?? ""} className={INPUT}>
                <option value="">Every fabric</option>
                {fabrics.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={`${BUTTON_SECONDARY} ${SMALL}`} disabled={!arrange.ready || busy}>
              Save fabric
            </button>
          </form>
        ) : null}
        <FormError message={arrange.message} />
        <form onSubmit={destroy} aria-label={`Delete ${name}`}>
          <FormError message={remove.message} />
          {confirming ? (
            <div role="group" aria-label="Confirm deleting" className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-ink">Delete this photograph from the shop?</p>
              <button type="submit" className={`${BUTTON_DANGER} ${SMALL}`} disabled={!remove.ready || remove.pending}>
                {remove.pending ? "Deleting…" : "Yes, delete it"}
              </button>
              <button type="button" className={`${BUTTON_SECONDARY} ${SMALL}`} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <button
              type="button"
              className={`${BUTTON_DANGER} ${SMALL}`}
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${name}`}
            >
              Delete
            </button>
          )}
        </form>
      </div>
    </li>
  );
}
