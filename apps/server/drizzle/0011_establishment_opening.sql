ALTER TABLE "establishments" ADD COLUMN "opening_date" date;--> statement-breakpoint
-- Existing establishments open on the day they were created in the product (in the collectivity's calendar),
-- or on the first day of the earliest month declared for them when history was entered before that day:
-- no month since they exist in the product stops being late, and no month before it starts being late.
UPDATE "establishments" e SET "opening_date" = LEAST(
  (e."created_at" AT TIME ZONE 'Europe/Paris')::date,
  (SELECT make_date(d."year", d."month", 1) FROM "declarations" d
    WHERE d."establishment_id" = e."id" ORDER BY d."year", d."month" LIMIT 1)
);
