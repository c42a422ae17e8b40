ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "erased_at" = r."completed_at" FROM "account_deletion_requests" r WHERE r."uid" = "users"."uid" AND r."state" = 'completed';
