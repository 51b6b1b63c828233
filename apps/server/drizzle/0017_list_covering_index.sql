-- The year + type index widened with the columns the other sorts read, so that the page's ids of that filter are
-- found from the index alone whatever the sort (docs/decisions/0156-admin-list-deferred-join.md). It replaces the
-- narrower one: one index, not two.
DROP INDEX "declarations_year_type_total_idx";--> statement-breakpoint
CREATE INDEX "declarations_year_type_idx" ON "declarations" USING btree ("year","declared_type","total_amount","provider_name","id","month","nights_count","updated_at","done","establishment_id");