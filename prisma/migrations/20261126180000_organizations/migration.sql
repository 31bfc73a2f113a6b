-- Research organisations: every client account belongs to one, and the client's projects,
-- shortlist, engagements, earnings, bonuses, ratings, statements and ledger accounts belong to
-- it. Today's clients each become the owner of a one-member organisation named as they typed
-- it at sign-up, keeping every row.

CREATE TYPE "OrgRole" AS ENUM ('owner', 'admin', 'researcher', 'finance', 'viewer');

CREATE TABLE "organizations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "organization_members" (
    "user_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "role" "OrgRole" NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "organization_members_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "organization_invitations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "OrgRole" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "invited_by_id" UUID NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "organization_invitations_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "organization_members_organization_id_role_idx" ON "organization_members"("organization_id", "role");
CREATE UNIQUE INDEX "organization_invitations_token_hash_key" ON "organization_invitations"("token_hash");
CREATE INDEX "organization_invitations_organization_id_created_at_idx" ON "organization_invitations"("organization_id", "created_at" DESC);
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One organisation per account that is a client or an admin (admins may run projects too), or
-- that any client-side row already points at.
CREATE TEMP TABLE org_owners ON COMMIT DROP AS
SELECT DISTINCT u.id AS user_id, gen_random_uuid() AS organization_id,
       COALESCE(NULLIF(btrim(cp.organization), ''), btrim(u.first_name || ' ' || u.last_name)) AS name
FROM users u
LEFT JOIN client_profiles cp ON cp.user_id = u.id
WHERE EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role IN ('client', 'admin'))
   OR EXISTS (SELECT 1 FROM projects p WHERE p.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM engagements e WHERE e.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM shortlists s WHERE s.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM earnings x WHERE x.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM bonuses b WHERE b.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM client_ratings c WHERE c.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM client_statement_payments sp WHERE sp.client_user_id = u.id)
   OR EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner_user_id = u.id AND a.kind IN ('client_receivable', 'client_paid'));

INSERT INTO organizations (id, name, created_at, updated_at)
SELECT o.organization_id, o.name, u.created_at, CURRENT_TIMESTAMP FROM org_owners o JOIN users u ON u.id = o.user_id;
INSERT INTO organization_members (user_id, organization_id, role, joined_at)
SELECT o.user_id, o.organization_id, 'owner', u.created_at FROM org_owners o JOIN users u ON u.id = o.user_id;

-- The organisation on every client-side row.
ALTER TABLE "projects" ADD COLUMN "organization_id" UUID, ADD COLUMN "updated_by_id" UUID;
UPDATE projects t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "projects" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "engagements" ADD COLUMN "organization_id" UUID;
UPDATE engagements t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "engagements" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "shortlists" ADD COLUMN "organization_id" UUID;
UPDATE shortlists t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "shortlists" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "earnings" ADD COLUMN "organization_id" UUID;
UPDATE earnings t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "earnings" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "bonuses" ADD COLUMN "organization_id" UUID;
UPDATE bonuses t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "bonuses" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "client_ratings" ADD COLUMN "organization_id" UUID;
UPDATE client_ratings t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "client_ratings" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "expert_ratings" ADD COLUMN "rated_by_id" UUID;
UPDATE expert_ratings t SET rated_by_id = e.client_user_id FROM engagements e WHERE e.id = t.engagement_id;

ALTER TABLE "client_statement_payments" ADD COLUMN "organization_id" UUID;
UPDATE client_statement_payments t SET organization_id = m.organization_id FROM organization_members m WHERE m.user_id = t.client_user_id;
ALTER TABLE "client_statement_payments" ALTER COLUMN "organization_id" SET NOT NULL;
DROP INDEX "client_statement_payments_client_user_id_month_key";
ALTER TABLE "client_statement_payments" DROP COLUMN "client_user_id";

DROP INDEX "shortlists_client_user_id_expert_id_key";

-- A client's ledger accounts move to its organisation; an expert's stay with the user.
ALTER TABLE "ledger_accounts" ADD COLUMN "owner_organization_id" UUID, ALTER COLUMN "owner_user_id" DROP NOT NULL;
UPDATE ledger_accounts a SET owner_organization_id = m.organization_id, owner_user_id = NULL
FROM organization_members m WHERE m.user_id = a.owner_user_id AND a.kind IN ('client_receivable', 'client_paid');
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_one_owner" CHECK (num_nonnulls("owner_user_id", "owner_organization_id") = 1);

CREATE INDEX "bonuses_organization_id_created_at_idx" ON "bonuses"("organization_id", "created_at");
CREATE INDEX "client_ratings_organization_id_idx" ON "client_ratings"("organization_id");
CREATE UNIQUE INDEX "client_statement_payments_organization_id_month_key" ON "client_statement_payments"("organization_id", "month");
CREATE INDEX "earnings_organization_id_earned_at_idx" ON "earnings"("organization_id", "earned_at");
CREATE INDEX "engagements_organization_id_expert_id_created_at_idx" ON "engagements"("organization_id", "expert_id", "created_at");
CREATE UNIQUE INDEX "ledger_accounts_owner_organization_id_kind_key" ON "ledger_accounts"("owner_organization_id", "kind");
CREATE INDEX "projects_organization_id_created_at_idx" ON "projects"("organization_id", "created_at" DESC);
CREATE UNIQUE INDEX "shortlists_organization_id_expert_id_key" ON "shortlists"("organization_id", "expert_id");

ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_organization_id_fkey" FOREIGN KEY ("owner_organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "client_statement_payments" ADD CONSTRAINT "client_statement_payments_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
