CREATE INDEX "declarations_year_done_idx" ON "declarations" USING btree ("year","done","month");--> statement-breakpoint
CREATE INDEX "users_lastname_lower_idx" ON "users" USING btree (lower("lastname"));--> statement-breakpoint
CREATE INDEX "users_company_lower_idx" ON "users" USING btree (lower("company"));--> statement-breakpoint
CREATE INDEX "users_city_lower_idx" ON "users" USING btree (lower("city"));