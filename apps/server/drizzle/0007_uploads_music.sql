CREATE TABLE "upload_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" bigint NOT NULL,
	"file_type" text NOT NULL,
	"object_key" text NOT NULL,
	"storage_upload_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "upload_sessions_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE TABLE "music_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "music_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" bigint NOT NULL,
	"upload_id" text NOT NULL,
	"song_name" text NOT NULL,
	"singer" text NOT NULL,
	"language" text NOT NULL,
	"object_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"bitrate" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_submissions_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD CONSTRAINT "music_submissions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD CONSTRAINT "music_submissions_upload_id_upload_sessions_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_submissions" ADD CONSTRAINT "music_submissions_reviewed_by_users_uid_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_sessions_uid" ON "upload_sessions" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_open_fingerprint" ON "upload_sessions" USING btree ("uid","file_type","fingerprint") WHERE "upload_sessions"."state" = 'open';--> statement-breakpoint
CREATE INDEX "music_submissions_uid_created" ON "music_submissions" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "music_submissions_state" ON "music_submissions" USING btree ("state");