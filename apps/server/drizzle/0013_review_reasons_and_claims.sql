ALTER TABLE "outfit_submissions" ADD COLUMN "review_category" text;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD COLUMN "claimed_by" bigint;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD COLUMN "resubmit_of" bigint;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD COLUMN "review_category" text;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD COLUMN "claimed_by" bigint;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD COLUMN "resubmit_of" bigint;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD CONSTRAINT "outfit_submissions_claimed_by_users_uid_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD CONSTRAINT "outfit_submissions_resubmit_of_outfit_submissions_id_fk" FOREIGN KEY ("resubmit_of") REFERENCES "public"."outfit_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD CONSTRAINT "music_submissions_claimed_by_users_uid_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD CONSTRAINT "music_submissions_resubmit_of_music_submissions_id_fk" FOREIGN KEY ("resubmit_of") REFERENCES "public"."music_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outfit_submissions_resubmit_of" ON "outfit_submissions" USING btree ("resubmit_of");--> statement-breakpoint
CREATE UNIQUE INDEX "music_submissions_resubmit_of" ON "music_submissions" USING btree ("resubmit_of");