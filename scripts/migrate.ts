/** `npm run db:migrate`: applies the committed SQL migrations to DATABASE_URL (or the embedded database). */
import { closeDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";

try {
  await runMigrations();
  console.log("Migrations applied.");
} finally {
  await closeDb();
}
