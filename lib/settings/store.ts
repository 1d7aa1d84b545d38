import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { shopSettings } from "@/lib/db/schema";
import type { Audit } from "@/lib/admin/change";
import { log } from "@/lib/observability/log";
import { SETTINGS, type SettingName, type SettingValue } from "@/lib/settings/schema";

/**
 * A part of the shop's settings as saved, or null when staff have not saved it yet (or what is
 * stored no longer passes its schema: then the shop behaves as if it were never saved, and says so
 * in the log, rather than failing the page that asked).
 */
export async function readSetting<N extends SettingName>(db: Db, name: N): Promise<SettingValue<N> | null> {
  const { key, schema } = SETTINGS[name];
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  if (!row) return null;
  const parsed = schema.safeParse(row.value);
  if (parsed.success) return parsed.data as SettingValue<N>;
  log.error("settings", `the stored ${key} setting does not pass its schema: ${parsed.error.issues[0]?.message}`);
  return null;
}

/** Saves a part of the settings (already parsed by its schema), audited with what it was before. */
export async function saveSetting<N extends SettingName>(
  db: Db,
  name: N,
  value: SettingValue<N>,
  audit: Audit,
): Promise<SettingValue<N>> {
  const { key } = SETTINGS[name];
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: shopSettings.value })
      .from(shopSettings)
      .where(eq(shopSettings.key, key))
      .for("update");
    const now = new Date();
    await tx
      .insert(shopSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } });
    await audit(tx, {
      action: "settings.update",
      entity: "settings",
      entityId: key,
      before: (before?.value as Record<string, unknown> | undefined) ?? null,
      after: value as Record<string, unknown>,
    });
    return value;
  });
}
