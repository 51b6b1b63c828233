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
CREATE TABLE "classification_notices" (
	"establishment_id" integer NOT NULL,
	"classified_on" date NOT NULL,
	"mails" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classification_notices_establishment_id_classified_on_pk" PRIMARY KEY("establishment_id","classified_on")
);
--> statement-breakpoint
CREATE TABLE "establishment_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"nature" text,
	"stars" smallint,
	"classified_on" date,
	"effective_from" date NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_notices" ADD CONSTRAINT "classification_notices_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_classifications" ADD CONSTRAINT "establishment_classifications_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_classifications" ADD CONSTRAINT "establishment_classifications_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_closures" ADD CONSTRAINT "establishment_closures_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_closures" ADD CONSTRAINT "establishment_closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_pending_key" ON "change_requests" USING btree ("user_id",coalesce("establishment_id", 0),"kind") WHERE "change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_establishment_idx" ON "change_requests" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_user_idx" ON "change_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_due_idx" ON "change_requests" USING btree ("effective_on") WHERE "change_requests"."status" = 'accepted' and "change_requests"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "establishment_classifications_establishment_idx" ON "establishment_classifications" USING btree ("establishment_id","id");--> statement-breakpoint
CREATE INDEX "establishment_closures_establishment_idx" ON "establishment_closures" USING btree ("establishment_id","start_date");--> statement-breakpoint
-- hand-written
-- One row per existing establishment: what it stores today, applying from its decision date when it has one,
-- else from its creation day (nothing earlier is known).
INSERT INTO "establishment_classifications" ("establishment_id", "nature", "stars", "classified_on", "effective_from", "recorded_at")
SELECT "id", "nature", "stars", "classified_on", coalesce("classified_on", ("created_at" at time zone 'Europe/Paris')::date), "created_at"
FROM "establishments" ORDER BY "id";
