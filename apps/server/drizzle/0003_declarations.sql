CREATE TABLE "platform_attestations" (
	"establishment_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_attestations_establishment_id_year_pk" PRIMARY KEY("establishment_id","year")
);
--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "platform_nights_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "taxable_nights" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_attestations" ADD CONSTRAINT "platform_attestations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;