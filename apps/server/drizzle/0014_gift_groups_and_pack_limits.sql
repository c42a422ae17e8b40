ALTER TABLE "gift_packs" ADD COLUMN "limit_period" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_campaigns" ADD COLUMN "redemption_group" text;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD COLUMN "redemption_group" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_redemptions_group_uid" ON "gift_redemptions" USING btree ("redemption_group","uid");