import { type Kysely, PostgresAdapter } from "kysely";

export type SqlDialect = "sqlite" | "postgres";

export function dialectOf(db: Kysely<unknown>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
