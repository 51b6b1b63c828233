CREATE TABLE "declaration_files" (
	"declaration_id" integer PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pricing_id" integer,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"person_count" integer DEFAULT 0 NOT NULL,
	"nights_count" integer DEFAULT 0 NOT NULL,
	"exempted_count" integer DEFAULT 0 NOT NULL,
	"nights_count_inf" integer DEFAULT 0 NOT NULL,
	"nights_count_sup" integer DEFAULT 0 NOT NULL,
	"nights_count_inf_min" integer DEFAULT 0 NOT NULL,
	"nights_count_sup_min" integer DEFAULT 0 NOT NULL,
	"prix_inf" integer DEFAULT 0 NOT NULL,
	"prix_sup" integer DEFAULT 0 NOT NULL,
	"prix_inf_min" integer DEFAULT 0 NOT NULL,
	"prix_sup_min" integer DEFAULT 0 NOT NULL,
	"cc_amount" integer DEFAULT 0 NOT NULL,
	"moselle_amount" integer DEFAULT 0 NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"tariffs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_images" (
	"establishment_id" integer PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity_max_room" integer,
	"capacity_max_person" integer,
	"address" text,
	"city" text,
	"cp" text,
	"type" text,
	"type_precision" text,
	"description" text,
	"numero" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricings" (
	"id" serial PRIMARY KEY NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "declaration_files" ADD CONSTRAINT "declaration_files_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_pricing_id_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."pricings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_images" ADD CONSTRAINT "establishment_images_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_tokens" ADD CONSTRAINT "link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_establishment_month_key" ON "declarations" USING btree ("establishment_id","year","month");--> statement-breakpoint
CREATE INDEX "declarations_period_idx" ON "declarations" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "declarations_user_idx" ON "declarations" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE INDEX "declarations_pricing_idx" ON "declarations" USING btree ("pricing_id");--> statement-breakpoint
CREATE INDEX "establishments_user_idx" ON "establishments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "link_tokens_user_idx" ON "link_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pricings_period_idx" ON "pricings" USING btree ("begin_date","end_date");--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_period_check" CHECK ("begin_date" <= "end_date");--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_no_overlap" EXCLUDE USING gist (daterange("begin_date", "end_date", '[]') WITH &&);--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_month_check" CHECK ("month" BETWEEN 1 AND 12);
