CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"uid" bigint,
	"lang" text,
	"user_agent" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"target" text,
	"source" text,
	"path" text NOT NULL,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"uid" bigint,
	"lang" text,
	"user_agent" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"referrer" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"uid" bigint,
	"lang" text,
	"user_agent" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"source" text,
	"line" integer,
	"column" integer,
	"stack" text,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_name_occurred" ON "analytics_events" USING btree ("category","name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_session" ON "analytics_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "analytics_page_views_occurred" ON "analytics_page_views" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_page_views_session" ON "analytics_page_views" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_error_reports_session_fingerprint" ON "client_error_reports" USING btree ("session_id","fingerprint");--> statement-breakpoint
CREATE INDEX "client_error_reports_fingerprint" ON "client_error_reports" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "client_error_reports_occurred" ON "client_error_reports" USING btree ("occurred_at");