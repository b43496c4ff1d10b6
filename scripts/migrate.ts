/** `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL (or the embedded database). */
import { closeDb } from "@/server/db/connection";
import { runMigrations } from "@/server/db/connection";

try {
  await runMigrations();
  console.log("Migrations applied.");
} finally {
  await closeDb();
}
