CREATE TABLE "establishment_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "establishment_closures_dates_check" CHECK ("establishment_closures"."end_date" >= "establishment_closures"."start_date")
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "ceased_on" date;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "cessation_reason" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "ceased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "establishment_closures" ADD CONSTRAINT "establishment_closures_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_closures" ADD CONSTRAINT "establishment_closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishment_closures_establishment_idx" ON "establishment_closures" USING btree ("establishment_id","start_date");