-- A survey's optional completion callback: the random id its signing secret is made from; null while it is off.
ALTER TABLE "projects" ADD COLUMN "survey_callback_key" TEXT;
