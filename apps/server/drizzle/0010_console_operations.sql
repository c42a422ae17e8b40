ALTER TABLE "audit_log" ALTER COLUMN "actor_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_campaigns" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;