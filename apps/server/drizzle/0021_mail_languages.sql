ALTER TABLE "topup_orders" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;