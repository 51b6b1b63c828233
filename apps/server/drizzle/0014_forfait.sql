ALTER TABLE "declarations" ADD COLUMN "regime" text DEFAULT 'REEL' NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "opening_periods" jsonb;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "capacity_unit" text;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "persons_per_unit" smallint;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "open_nights" smallint;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "abatement_rate" integer;--> statement-breakpoint
-- hand-written
-- A declaration au réel has no forfait figures; one au forfait has them all (docs/decisions/0146-forfait-declarations.md).
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_regime_figures" CHECK (
  ("regime" = 'REEL' AND "period_start" IS NULL AND "period_end" IS NULL AND "opening_periods" IS NULL
    AND "capacity" IS NULL AND "capacity_unit" IS NULL AND "persons_per_unit" IS NULL AND "open_nights" IS NULL
    AND "abatement_rate" IS NULL)
  OR ("regime" = 'FORFAIT' AND "period_start" IS NOT NULL AND "period_end" IS NOT NULL
    AND "opening_periods" IS NOT NULL AND "capacity" > 0 AND "capacity_unit" IS NOT NULL
    AND "persons_per_unit" > 0 AND "open_nights" >= 0 AND "abatement_rate" BETWEEN 0 AND 10000)
);
