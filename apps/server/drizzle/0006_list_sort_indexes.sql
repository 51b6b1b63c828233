DROP INDEX "declarations_period_idx";--> statement-breakpoint
CREATE INDEX "declarations_nights_idx" ON "declarations" USING btree ("nights_count","id");--> statement-breakpoint
CREATE INDEX "declarations_total_idx" ON "declarations" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "declarations_updated_idx" ON "declarations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "declarations_done_idx" ON "declarations" USING btree ("done","id");--> statement-breakpoint
CREATE INDEX "establishments_name_lower_idx" ON "establishments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "establishments_type_name_idx" ON "establishments" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "establishments_city_name_idx" ON "establishments" USING btree ("city","name");--> statement-breakpoint
CREATE INDEX "users_provider_name_idx" ON "users" USING btree (coalesce(nullif("company", ''), nullif(trim(coalesce("firstname", '') || ' ' || coalesce("lastname", '')), ''), "username"));--> statement-breakpoint
CREATE INDEX "declarations_period_idx" ON "declarations" USING btree ("year","month","id");