ALTER TABLE "topup_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD COLUMN "refund_ref" text;