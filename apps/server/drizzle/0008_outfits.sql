CREATE TABLE "outfit_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outfit_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"gender" text NOT NULL,
	"component_type" text NOT NULL,
	"object_key" text NOT NULL,
	"size" bigint NOT NULL,
	"upload_status" text NOT NULL,
	"failure_code" integer,
	"failure_params" jsonb,
	"review_state" text,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"preflight" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outfit_submissions" ADD CONSTRAINT "outfit_submissions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outfit_submissions_uid_created" ON "outfit_submissions" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "outfit_submissions_review_state" ON "outfit_submissions" USING btree ("review_state");--> statement-breakpoint
CREATE UNIQUE INDEX "outfit_submissions_accepted_object" ON "outfit_submissions" USING btree ("uid","object_key") WHERE "outfit_submissions"."upload_status" = 'success';