CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"tick_at" timestamp with time zone NOT NULL
);
