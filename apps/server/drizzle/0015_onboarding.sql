ALTER TABLE "users" ADD COLUMN "siret" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_siret_key" ON "users" USING btree ("siret") WHERE "users"."siret" is not null;