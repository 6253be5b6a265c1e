CREATE TABLE "videoProgress" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"played" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"time_total" numeric(12, 3) DEFAULT 0 NOT NULL,
	"last_id" integer DEFAULT 0 NOT NULL,
	"last_time_end" numeric(12, 3) DEFAULT 0 NOT NULL,
	"last_event" varchar(10) DEFAULT 'Play' NOT NULL,
	"last_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videoProgress_user_id_product_id_video_id_pk" PRIMARY KEY("user_id","product_id","video_id"),
	CONSTRAINT "videoProgress_last_event_check" CHECK ("last_event" IN ('Play', 'Pause', 'Seeked', 'Ended'))
);
--> statement-breakpoint
ALTER TABLE "videoProgress" ADD CONSTRAINT "videoProgress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videoProgress" ADD CONSTRAINT "videoProgress_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videoProgress" ADD CONSTRAINT "videoProgress_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videoProgress_video_id_idx" ON "videoProgress" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videoProgress_product_id_idx" ON "videoProgress" USING btree ("product_id");--> statement-breakpoint
-- Progress of the statistics stored before this migration: per member and lesson, the union of the played
-- stretches (a new island where a stretch starts past every stretch before it), its length, and the last row.
INSERT INTO "videoProgress" ("user_id", "product_id", "video_id", "played", "seconds", "time_total", "last_id",
  "last_time_end", "last_event", "last_at")
WITH "reach" AS (
  SELECT "id", "user_id", "product_id", "video_id", "time_start"::float8 AS s, "time_end"::float8 AS e,
    max("time_end"::float8) OVER (PARTITION BY "user_id", "product_id", "video_id"
      ORDER BY "time_start", "time_end", "id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
  FROM "videoStatistics" WHERE "time_end" > "time_start"
), "islands" AS (
  SELECT *, sum(CASE WHEN before IS NULL OR s > before THEN 1 ELSE 0 END)
    OVER (PARTITION BY "user_id", "product_id", "video_id" ORDER BY s, e, "id" ROWS UNBOUNDED PRECEDING) AS island
  FROM "reach"
), "merged" AS (
  SELECT "user_id", "product_id", "video_id", min(s) AS s, max(e) AS e
  FROM "islands" GROUP BY "user_id", "product_id", "video_id", island
), "lessons" AS (
  SELECT "user_id", "product_id", "video_id", jsonb_agg(jsonb_build_array(s, e) ORDER BY s) AS played,
    sum(e - s) AS seconds
  FROM "merged" GROUP BY "user_id", "product_id", "video_id"
), "last" AS (
  SELECT DISTINCT ON ("user_id", "product_id", "video_id") "user_id", "product_id", "video_id", "id", "time_end",
    "event", "create_at",
    max("time_total") OVER (PARTITION BY "user_id", "product_id", "video_id") AS time_total
  FROM "videoStatistics" ORDER BY "user_id", "product_id", "video_id", "id" DESC
)
SELECT l."user_id", l."product_id", l."video_id", coalesce(p.played, '[]'::jsonb), coalesce(p.seconds, 0),
  l.time_total, l."id", l."time_end", l."event", l."create_at"
FROM "last" l LEFT JOIN "lessons" p USING ("user_id", "product_id", "video_id");
