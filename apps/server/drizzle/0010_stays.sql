CREATE TABLE "stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"persons" integer NOT NULL,
	"exempted" integer DEFAULT 0 NOT NULL,
	"exemption_reason" text,
	"price" integer NOT NULL,
	"platform" boolean DEFAULT false NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stays_establishment_arrival_idx" ON "stays" USING btree ("establishment_id","arrival");--> statement-breakpoint
CREATE INDEX "stays_user_idx" ON "stays" USING btree ("user_id");