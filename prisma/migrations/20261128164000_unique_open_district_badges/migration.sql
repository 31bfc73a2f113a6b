-- The CCD's updated status (an agency closed after the school year the file describes).
ALTER TABLE "districts" ADD COLUMN "updated_status" "DistrictStatus";

-- Who linked an expert's district by hand: the re-review of automatic badges leaves those alone.
ALTER TABLE "experts" ADD COLUMN "district_linked_by_id" UUID;
