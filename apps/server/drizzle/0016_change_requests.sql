CREATE TABLE "email_changes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"establishment_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"values" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"effective_on" date NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_pending_key" ON "change_requests" USING btree ("user_id",coalesce("establishment_id", 0),"kind") WHERE "change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_establishment_idx" ON "change_requests" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_user_idx" ON "change_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_due_idx" ON "change_requests" USING btree ("effective_on") WHERE "change_requests"."status" = 'accepted' and "change_requests"."applied_at" is null;