CREATE TABLE "meeting_attendees" (
	"meeting_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"rsvp" text DEFAULT 'pending' NOT NULL,
	"role" text DEFAULT 'attendee' NOT NULL,
	"attended" boolean DEFAULT false NOT NULL,
	"check_in_time" timestamp with time zone,
	"feedback_score" smallint,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_attendees_meeting_id_doctor_id_pk" PRIMARY KEY("meeting_id","doctor_id"),
	CONSTRAINT "meeting_attendees_rsvp_check" CHECK ("meeting_attendees"."rsvp" in ('pending', 'accepted', 'tentative', 'declined')),
	CONSTRAINT "meeting_attendees_role_check" CHECK ("meeting_attendees"."role" in ('attendee', 'speaker', 'chair')),
	CONSTRAINT "meeting_attendees_feedback_check" CHECK ("meeting_attendees"."feedback_score" is null or "meeting_attendees"."feedback_score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "meeting_co_organizers" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_co_organizers_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"city" text NOT NULL,
	"hospital" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"medicine" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"poster_key" text,
	"poster_mime" text,
	"attendee_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetings_type_check" CHECK ("meetings"."type" in ('academic', 'department', 'speaker', 'online')),
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('draft', 'planned', 'held', 'closed', 'cancelled')),
	CONSTRAINT "meetings_time_check" CHECK ("meetings"."end_time" > "meetings"."start_time")
);
--> statement-breakpoint
CREATE TABLE "article_reads" (
	"article_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_read_at" timestamp with time zone NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"read_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "article_reads_article_id_user_id_pk" PRIMARY KEY("article_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"channel" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"department" text,
	"source" text DEFAULT 'internal' NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_time" timestamp with time zone,
	"recommend_state" text,
	"author_id" integer NOT NULL,
	"read_count" bigint DEFAULT 0 NOT NULL,
	"reader_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "articles_channel_check" CHECK ("articles"."channel" in ('contentCenter', 'news', 'companyDynamics', 'departmentDynamics')),
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published')),
	CONSTRAINT "articles_source_check" CHECK ("articles"."source" in ('internal', 'external')),
	CONSTRAINT "articles_department_check" CHECK (("articles"."channel" = 'departmentDynamics') = ("articles"."department" is not null)),
	CONSTRAINT "articles_recommend_check" CHECK ("articles"."recommend_state" is null or "articles"."recommend_state" in ('recommend', 'jointRecommend', 'notRecommend', 'stopUsing', 'other'))
);
--> statement-breakpoint
CREATE TABLE "content_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answer_counts" (
	"survey_id" integer NOT NULL,
	"question_id" text NOT NULL,
	"row_id" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_answer_counts_survey_id_question_id_row_id_value_pk" PRIMARY KEY("survey_id","question_id","row_id","value")
);
--> statement-breakpoint
CREATE TABLE "survey_audience" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "survey_audience_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_respondents" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" integer DEFAULT 1 NOT NULL,
	"last_answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "survey_respondents_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"user_id" integer,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schema" jsonb NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"allow_repeat" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "surveys_status_check" CHECK ("surveys"."status" in ('draft', 'published', 'closed')),
	CONSTRAINT "surveys_audience_check" CHECK ("surveys"."audience" in ('all', 'users'))
);
--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_co_organizers" ADD CONSTRAINT "meeting_co_organizers_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_co_organizers" ADD CONSTRAINT "meeting_co_organizers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_id_content_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."content_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answer_counts" ADD CONSTRAINT "survey_answer_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_audience" ADD CONSTRAINT "survey_audience_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_audience" ADD CONSTRAINT "survey_audience_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_respondents" ADD CONSTRAINT "survey_respondents_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_respondents" ADD CONSTRAINT "survey_respondents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_attendees_doctor_idx" ON "meeting_attendees" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "meeting_co_organizers_user_idx" ON "meeting_co_organizers" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "meetings_owner_start_idx" ON "meetings" USING btree ("owner_id","start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meetings_start_idx" ON "meetings" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "article_reads_user_idx" ON "article_reads" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "articles_channel_published_idx" ON "articles" USING btree ("channel","publish_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_department_idx" ON "articles" USING btree ("department","publish_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "survey_audience_user_idx" ON "survey_audience" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_idx" ON "survey_responses" USING btree ("survey_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "surveys_author_idx" ON "surveys" USING btree ("author_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "surveys_published_idx" ON "surveys" USING btree ("end_time") WHERE "surveys"."status" = 'published';--> statement-breakpoint
-- Not expressible in the Drizzle schema (kept by hand when this migration is regenerated):
-- articles.read_count and reader_count follow article_reads, whoever writes them, as
-- pushes.read_count follows the deliveries' first opens (docs/decisions/0020).
CREATE FUNCTION "article_reads_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "articles" SET "read_count" = "read_count" + NEW."read_count", "reader_count" = "reader_count" + 1 WHERE "id" = NEW."article_id";
  ELSE
    UPDATE "articles" SET "read_count" = "read_count" + (NEW."read_count" - OLD."read_count") WHERE "id" = NEW."article_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_reads_count" AFTER INSERT OR UPDATE OF "read_count" ON "article_reads"
  FOR EACH ROW EXECUTE FUNCTION "article_reads_count"();
