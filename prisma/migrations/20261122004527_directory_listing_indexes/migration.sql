-- CreateIndex
CREATE INDEX "experts_listed_state_idx" ON "experts"("verification_status", "is_public_profile", "state", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_district_type_idx" ON "experts"("verification_status", "is_public_profile", "district_type", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_district_size_idx" ON "experts"("verification_status", "is_public_profile", "district_size", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_urbanicity_idx" ON "experts"("verification_status", "is_public_profile", "urbanicity", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_availability_idx" ON "experts"("verification_status", "is_public_profile", "availability_status", "created_at" DESC);
