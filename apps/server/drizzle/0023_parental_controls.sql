CREATE TABLE "parent_links" (
	"uid" bigint PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"pin_hash" text,
	"monthly_limit_minor" bigint,
	"limit_currency" text,
	"gift_packs_allowed" boolean DEFAULT true NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parent_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"uid" bigint NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "parent_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_notices" ADD CONSTRAINT "parent_notices_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_tokens" ADD CONSTRAINT "parent_tokens_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_notices_order_no" ON "parent_notices" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "parent_notices_uid" ON "parent_notices" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "parent_notices_unsent" ON "parent_notices" USING btree ("id") WHERE "parent_notices"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "parent_tokens_uid" ON "parent_tokens" USING btree ("uid");