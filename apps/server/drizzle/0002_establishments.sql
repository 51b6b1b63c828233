ALTER TABLE "establishment_images" ADD COLUMN "thumbnail" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "establishment_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "establishment_images" ADD COLUMN "height" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_numero_upper_key" ON "establishments" USING btree (upper("numero"));