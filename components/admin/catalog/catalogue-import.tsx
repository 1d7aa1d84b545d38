"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON, BUTTON_SECONDARY, INPUT, LABEL, TABLE, TD, TH, TableScroll } from "@/components/admin/ui";
import { ApiCallError, sendFile } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";
import type { ImportPlan, RowError } from "@/lib/admin/catalog-csv";

const IMPORT_PATH = "/api/admin/products/import";

/** Choose a CSV, see what it would change, then import it: nothing is written before the second step. */
export function CatalogueImport() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [refused, setRefused] = useState<RowError[]>([]);
  const check = useFormSubmit();
  const apply = useFormSubmit();

  const dryRun = async () => {
    setPlan(null);
    setRefused([]);
    if (!file) throw new ApiCallError("Choose a CSV file first", 400, "no_file", { file: "Choose a CSV file first" });
    const answer = await sendFile<{ plan: ImportPlan }>(IMPORT_PATH, { dryRun: 1 }, file);
    setPlan(answer.plan);
  };
  const importFile = async () => {
    if (!file) return;
    try {
      const answer = await sendFile<{ plan: ImportPlan; message: string }>(IMPORT_PATH, {}, file);
      toast({ title: answer.message, type: "success" });
      setPlan(null);
      setFile(null);
      router.push("/admin/products");
    } catch (err) {
      // The catalogue changed since the check: the rows now refused are shown like the check's.
      if (err instanceof ApiCallError && Array.isArray(err.data.errors)) setRefused(err.data.errors as RowError[]);
      throw err;
    }
  };

  const errors = refused.length ? refused : (plan?.errors ?? []);
  const count = plan ? plan.summary.create + plan.summary.update : 0;
  return (
    <div className="space-y-6">
      <form onSubmit={check.submit(dryRun)} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor="catalogue-file" className={LABEL}>
            WooCommerce product CSV
          </label>
          <input
            id="catalogue-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            className={INPUT}
            aria-describedby={check.fields.file ? "catalogue-file-error" : undefined}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setPlan(null);
              setRefused([]);
            }}
          />
          {check.fields.file ? (
            <p id="catalogue-file-error" className="mt-1 text-sm text-danger">
              {check.fields.file}
            </p>
          ) : null}
        </div>
        <button type="submit" className={BUTTON_SECONDARY} disabled={!check.ready || check.pending}>
          {check.pending ? "Checking…" : "Check the file"}
        </button>
      </form>

      {plan ? (
        <section aria-labelledby="import-summary" className="space-y-4">
          <h2 id="import-summary" className="text-lg text-ink">
            {plan.rows} {plan.rows === 1 ? "row" : "rows"}: {plan.summary.create} new, {plan.summary.update} changed,{" "}
            {plan.summary.unchanged} unchanged
          </h2>
          {plan.ignoredColumns.length ? (
            <p className="text-sm text-stone-600">
              Columns the shop does not keep, left out: {plan.ignoredColumns.join(", ")}.
            </p>
          ) : null}
          {errors.length ? (
            <div role="alert" className="rounded-md border border-danger/40 bg-white p-4">
              <p className="font-semibold text-danger">
                Nothing can be imported until {errors.length === 1 ? "this row is" : `these ${errors.length} rows are`}{" "}
                put right:
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="import-errors">
                {errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>{e.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {plan.changes.length ? (
            <TableScroll label="What the import changes">
              <table className={TABLE} data-testid="import-changes">
                <thead>
                  <tr>
                    <th className={TH}>Row</th>
                    <th className={TH}>SKU</th>
                    <th className={TH}>What changes</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.changes.map((c) => (
                    <tr key={c.row}>
                      <td className={TD}>{c.row}</td>
                      <td className={TD}>{c.sku}</td>
                      <td className={TD}>
                        <ul>
                          {c.changes.map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p className="text-sm text-stone-700">The shop already matches this file: there is nothing to import.</p>
          )}
          {!errors.length && count ? (
            <form onSubmit={apply.submit(importFile)}>
              <button type="submit" className={BUTTON} disabled={!apply.ready || apply.pending}>
                {apply.pending ? "Importing…" : `Import ${count} ${count === 1 ? "change" : "changes"}`}
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
