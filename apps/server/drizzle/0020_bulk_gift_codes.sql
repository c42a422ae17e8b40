-- Gift codes in bulk without holding the server (issue 28, decision 0143). A campaign is written a
-- statement at a time and listed only once whole: pending_until is null for every campaign made
-- before (listed, as they were). Each campaign counts its codes as they are written, so a listing
-- reads no codes; the count of those made before is taken here. Its codes are exported a page at a
-- time in code order, which the index on (campaign, code) answers without sorting them all for each page.
ALTER TABLE "gift_campaigns" ADD COLUMN "pending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_campaigns" ADD COLUMN "code_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "gift_campaigns" SET "code_count" = (SELECT count(*) FROM "gift_codes" WHERE "gift_codes"."campaign_id" = "gift_campaigns"."id");--> statement-breakpoint
CREATE INDEX "gift_codes_campaign_code" ON "gift_codes" USING btree ("campaign_id","code");--> statement-breakpoint
DROP INDEX "gift_codes_campaign";
