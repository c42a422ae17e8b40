CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"asset" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text DEFAULT '*' NOT NULL,
	"name" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"purchase_limit" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text DEFAULT '*' NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"featured" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_no" text NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"event_id" text NOT NULL,
	"notify_url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "sandbox_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_ref" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirm_at" timestamp with time zone,
	CONSTRAINT "sandbox_sessions_merchant_ref_unique" UNIQUE("merchant_ref")
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topup_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"uid" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"contents" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"payment_method_name" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"status" text DEFAULT 'created' NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"email" text,
	"return_path" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "topup_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "topup_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topup_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text DEFAULT '*' NOT NULL,
	"asset" text NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contents" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_cap" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"code_kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"used_by" bigint,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"uid" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_campaign_id_gift_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."gift_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_campaign_id_gift_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."gift_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_asset" ON "ledger_entries" USING btree ("reference","asset");--> statement-breakpoint
CREATE INDEX "ledger_entries_uid_asset" ON "ledger_entries" USING btree ("uid","asset");--> statement-breakpoint
CREATE INDEX "gift_packs_country" ON "gift_packs" USING btree ("country");--> statement-breakpoint
CREATE INDEX "payment_methods_country" ON "payment_methods" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_event" ON "payment_notifications" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_unprocessed" ON "payment_notifications" USING btree ("received_at") WHERE "payment_notifications"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_due" ON "sandbox_deliveries" USING btree ("next_attempt_at") WHERE "sandbox_deliveries"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_uid_idempotency" ON "topup_orders" USING btree ("uid","idempotency_key");--> statement-breakpoint
CREATE INDEX "topup_orders_uid_status" ON "topup_orders" USING btree ("uid","status");--> statement-breakpoint
CREATE INDEX "topup_orders_open" ON "topup_orders" USING btree ("status") WHERE "topup_orders"."status" in ('created', 'awaiting_payment', 'paid');--> statement-breakpoint
CREATE INDEX "topup_products_country" ON "topup_products" USING btree ("country");--> statement-breakpoint
CREATE INDEX "gift_codes_campaign" ON "gift_codes" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_redemptions_campaign_uid" ON "gift_redemptions" USING btree ("campaign_id","uid");