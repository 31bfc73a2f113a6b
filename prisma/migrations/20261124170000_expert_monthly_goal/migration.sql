-- The impact panel's monthly goal becomes the expert's own setting (was the constant 8).
ALTER TABLE "experts" ADD COLUMN "monthly_goal" INTEGER NOT NULL DEFAULT 8;
ALTER TABLE "experts" ADD CONSTRAINT "experts_monthly_goal_range" CHECK ("monthly_goal" BETWEEN 1 AND 50);
