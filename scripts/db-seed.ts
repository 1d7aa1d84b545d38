/**
 * `npm run db:seed`: fills an empty database with the demo catalogue. A database that already
 * holds products or orders is left alone unless `--reset-demo` is given, which puts the demo
 * catalogue's prices, stock and copy back; with NODE_ENV=production that also needs
 * `--yes-in-production`. The decision is planSeed's (lib/catalog/seed.ts).
 */
import { parseArgs } from "node:util";
import { closeDb, getHandle } from "@/lib/db/client";
import { migrateDb } from "@/lib/db/migrate";
import { RESET_DEMO_FLAG, seedOnRequest, YES_IN_PRODUCTION_FLAG } from "@/lib/catalog/seed";
import { notifyRestocked } from "@/lib/restock/restock";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      [RESET_DEMO_FLAG.slice(2)]: { type: "boolean", default: false },
      [YES_IN_PRODUCTION_FLAG.slice(2)]: { type: "boolean", default: false },
    },
  });
  const { db, engine } = await getHandle();
  await migrateDb(db, engine);
  const outcome = await seedOnRequest(db, {
    resetDemo: values[RESET_DEMO_FLAG.slice(2)] === true,
    yesInProduction: values[YES_IN_PRODUCTION_FLAG.slice(2)] === true,
    production: process.env.NODE_ENV === "production",
  });
  if (outcome.action === "refuse") {
    console.error(outcome.reason);
    await closeDb();
    return 1;
  }
  // Stock the reset brings back tells the shoppers waiting for it, once each.
  const told = await notifyRestocked(db);
  console.log(
    `${outcome.action === "fill" ? "Filled the empty database with" : "Reset the demo catalogue:"} ` +
      `${outcome.products} products and ${outcome.variations} variations (${engine}); ${told} back-in-stock e-mails.`,
  );
  await closeDb();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
