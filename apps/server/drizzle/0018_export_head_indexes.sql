-- What an export's head asks, each answered from a partial index instead of every declaration of its scope: which
-- components few territories collect some declaration has (empty where the territory does not collect it), and
-- which establishments of a semester are au forfait (docs/performance.md, the exports' heads).
CREATE INDEX "declarations_ile_de_france_idx" ON "declarations" USING btree ("id") WHERE "declarations"."ile_de_france_amount" <> 0;--> statement-breakpoint
CREATE INDEX "declarations_idf_mobilites_idx" ON "declarations" USING btree ("id") WHERE "declarations"."idf_mobilites_amount" <> 0;--> statement-breakpoint
CREATE INDEX "declarations_railway_line_idx" ON "declarations" USING btree ("id") WHERE "declarations"."railway_line_amount" <> 0;--> statement-breakpoint
CREATE INDEX "declarations_forfait_idx" ON "declarations" USING btree ("year","month","establishment_id") WHERE "declarations"."regime" = 'FORFAIT';