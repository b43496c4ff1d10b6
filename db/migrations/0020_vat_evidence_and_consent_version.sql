ALTER TABLE "games" ADD COLUMN "seller_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ip_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_country_source" text;--> statement-breakpoint
-- Consents given before versions were kept were given to the first wording (consent-wording.ts, "v1").
UPDATE "orders" SET "consent_version" = 'v1' WHERE "consent_at" IS NOT NULL;
