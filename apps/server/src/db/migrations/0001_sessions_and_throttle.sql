CREATE TABLE "sessionVersion" (
	"role" varchar(10) NOT NULL,
	"account_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"kept_jti" varchar(64),
	CONSTRAINT "sessionVersion_role_account_id_pk" PRIMARY KEY("role","account_id")
);
--> statement-breakpoint
ALTER TABLE "loginAttempt" ADD COLUMN "next_at" timestamp(3) with time zone;