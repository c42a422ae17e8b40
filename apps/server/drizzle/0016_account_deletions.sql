CREATE TABLE "account_deletion_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletion_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD CONSTRAINT "account_deletion_requests_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletion_requests_pending_uid" ON "account_deletion_requests" USING btree ("uid") WHERE "account_deletion_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "account_deletion_requests_pending_due" ON "account_deletion_requests" USING btree ("due_at") WHERE "account_deletion_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "account_deletion_requests_uid" ON "account_deletion_requests" USING btree ("uid");