ALTER TABLE "declarations" ADD COLUMN "ile_de_france_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "idf_mobilites_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "railway_line_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "exempted_minor" integer;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "exempted_seasonal_worker" integer;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "exempted_emergency_rehousing" integer;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "exempted_low_rent" integer;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "stars" smallint;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "classified_on" date;--> statement-breakpoint
ALTER TABLE "pricings" ADD COLUMN "collectivity_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "establishments_nature_to_confirm_idx" ON "establishments" USING btree ("id") WHERE "establishments"."nature" is null and "establishments"."type" is not null;--> statement-breakpoint
-- Every type stays as it is, and with it every stored amount. Only a palace has one reading (its nature,
-- no stars); every other typed establishment waits for an admin to confirm its nature (decision 0137).
UPDATE "establishments" SET "nature" = 'PALACE' WHERE "type" = 'PALACES';
