CREATE TABLE "label_overrides" (
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "label_overrides_key_lang_pk" PRIMARY KEY("key","lang")
);
--> statement-breakpoint
CREATE TABLE "label_versions" (
	"platform" text NOT NULL,
	"version" integer NOT NULL,
	"base_hash" text NOT NULL,
	"overrides" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" bigint,
	CONSTRAINT "label_versions_platform_version_pk" PRIMARY KEY("platform","version")
);
--> statement-breakpoint
ALTER TABLE "label_overrides" ADD CONSTRAINT "label_overrides_updated_by_users_uid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_versions" ADD CONSTRAINT "label_versions_published_by_users_uid_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;