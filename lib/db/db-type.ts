import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "@/lib/db/schema";

/** The shop's database handle, on either engine: what the client opens and the migrator runs on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
