-- Every verification status an expert has had, from when (Admin › Trends reads the status at the
-- end of each week). PostgreSQL writes it itself, so every path that inserts an expert or changes
-- the status is recorded: the app, the seed, the benches and the tests alike.
CREATE TABLE "expert_verification_events" (
    "id" BIGSERIAL NOT NULL,
    "expert_id" UUID NOT NULL,
    "status" "VerificationStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expert_verification_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "expert_verification_events_expert_id_at_idx" ON "expert_verification_events"("expert_id", "at");
CREATE INDEX "expert_verification_events_at_idx" ON "expert_verification_events"("at");

ALTER TABLE "expert_verification_events" ADD CONSTRAINT "expert_verification_events_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Experts from before this table: their status of today, from their creation (no history exists).
INSERT INTO "expert_verification_events" ("expert_id", "status", "at")
SELECT "id", "verification_status", "created_at" FROM "experts";

-- A new expert starts with their status from their creation. Once per statement (a transition
-- table), so a bulk insert of a million experts is one INSERT … SELECT, not a million calls.
CREATE FUNCTION record_experts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "expert_verification_events" ("expert_id", "status", "at")
  SELECT "id", "verification_status", "created_at" FROM new_experts;
  RETURN NULL;
END $$;

CREATE TRIGGER "experts_verification_inserted" AFTER INSERT ON "experts"
  REFERENCING NEW TABLE AS new_experts
  FOR EACH STATEMENT EXECUTE FUNCTION record_experts_inserted();

-- A change of status, from the changing transaction's time. Per row with a WHEN clause, so a
-- profile edit that leaves the status alone never calls the function.
CREATE FUNCTION record_expert_verification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "expert_verification_events" ("expert_id", "status", "at") VALUES (NEW."id", NEW."verification_status", now());
  RETURN NULL;
END $$;

CREATE TRIGGER "experts_verification_changed" AFTER UPDATE OF "verification_status" ON "experts"
  FOR EACH ROW WHEN (OLD."verification_status" IS DISTINCT FROM NEW."verification_status")
  EXECUTE FUNCTION record_expert_verification_changed();
