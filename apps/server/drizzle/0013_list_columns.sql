DROP INDEX "declarations_total_idx";--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "declared_type" text;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "provider_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written
-- The lists' copies (declared type, provider's name) are kept in step by the database itself, in the very
-- transaction of the write, whatever path writes (docs/decisions/0142-declarations-list-at-scale.md). The
-- provider's name is the expression of `providerNameOf` (schema/accounts.ts): change both together.
CREATE FUNCTION "declarations_list_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.declared_type := coalesce(NEW.tariffs->>'type', (SELECT e.type FROM establishments e WHERE e.id = NEW.establishment_id));
  NEW.provider_name := coalesce((
    SELECT coalesce(nullif(u.company, ''), nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), ''), u.username)
    FROM users u WHERE u.id = NEW.user_id), '');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "declarations_list_copies" BEFORE INSERT OR UPDATE OF "tariffs", "establishment_id", "user_id" ON "declarations" FOR EACH ROW EXECUTE FUNCTION "declarations_list_copies"();
--> statement-breakpoint
-- A declaration without a tariffs copy shows its establishment's current type.
CREATE FUNCTION "establishments_type_to_declarations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE declarations SET declared_type = NEW.type
  WHERE establishment_id = NEW.id AND tariffs->>'type' IS NULL AND declared_type IS DISTINCT FROM NEW.type;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "establishments_type_to_declarations" AFTER UPDATE OF "type" ON "establishments" FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION "establishments_type_to_declarations"();
--> statement-breakpoint
CREATE FUNCTION "users_name_to_declarations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  name text := coalesce(nullif(NEW.company, ''), nullif(trim(coalesce(NEW.firstname, '') || ' ' || coalesce(NEW.lastname, '')), ''), NEW.username);
BEGIN
  UPDATE declarations SET provider_name = name WHERE user_id = NEW.id AND provider_name IS DISTINCT FROM name;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_name_to_declarations" AFTER UPDATE OF "company", "firstname", "lastname", "username" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_name_to_declarations"();
--> statement-breakpoint
UPDATE declarations d SET
  declared_type = coalesce(d.tariffs->>'type', e.type),
  provider_name = coalesce(nullif(u.company, ''), nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), ''), u.username)
FROM establishments e, users u
WHERE e.id = d.establishment_id AND u.id = d.user_id;
--> statement-breakpoint
CREATE INDEX "declarations_total_provider_idx" ON "declarations" USING btree ("total_amount","provider_name","id");--> statement-breakpoint
CREATE INDEX "declarations_type_idx" ON "declarations" USING btree ("declared_type","id");--> statement-breakpoint
CREATE INDEX "declarations_provider_name_idx" ON "declarations" USING btree ("provider_name","id");--> statement-breakpoint
CREATE INDEX "declarations_year_type_total_idx" ON "declarations" USING btree ("year","declared_type","total_amount","provider_name","id");
