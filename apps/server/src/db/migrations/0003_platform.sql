CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pair_check" CHECK ("conversations"."user_a" < "conversations"."user_b")
);
--> statement-breakpoint
CREATE TABLE "analytics_dashboard_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"operation" text NOT NULL,
	"page" text NOT NULL,
	"page_detail" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"screen_size" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"network_type" text DEFAULT '' NOT NULL,
	"system" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "data_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"permission_type" text NOT NULL,
	"permission_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_permissions_type_check" CHECK ("data_permissions"."permission_type" in ('hospital', 'province'))
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"level" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lang_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang_type" text NOT NULL,
	"key" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lang_entries_lang_check" CHECK ("lang_entries"."lang_type" in ('zh', 'en'))
);
--> statement-breakpoint
CREATE TABLE "app_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_classifications_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "app_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"type" text DEFAULT 'MENU' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_roles" (
	"app_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "app_roles_app_id_role_id_pk" PRIMARY KEY("app_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"classification_id" integer NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "carousels" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequent_apps" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frequent_apps_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "home_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"chart_type" text DEFAULT 'line' NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indication_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"indication" text NOT NULL,
	"department" text NOT NULL,
	"department_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indication_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indication_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"former_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keywords_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
CREATE TABLE "medicine_competitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"medicine_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicine_indications" (
	"id" serial PRIMARY KEY NOT NULL,
	"medicine_id" integer NOT NULL,
	"indication" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicine_public_opinions" (
	"id" serial PRIMARY KEY NOT NULL,
	"drug" text NOT NULL,
	"sentiment" text NOT NULL,
	"standard_category" text NOT NULL,
	"category" text NOT NULL,
	"category_en" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"company_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "message_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "message_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "opening_screens" (
	"id" integer PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"duration_seconds" integer DEFAULT 3 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_apps" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_apps_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "user_app_messages" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_app_messages_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "home_statistics" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "home_statistics" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "home_statistics" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pushes" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_permissions" ADD CONSTRAINT "data_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_menus" ADD CONSTRAINT "app_menus_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_classification_id_app_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."app_classifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_apps" ADD CONSTRAINT "frequent_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_apps" ADD CONSTRAINT "frequent_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_competitors" ADD CONSTRAINT "medicine_competitors_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_indications" ADD CONSTRAINT "medicine_indications_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_group_members" ADD CONSTRAINT "message_group_members_group_id_message_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."message_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_group_members" ADD CONSTRAINT "message_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_apps" ADD CONSTRAINT "recent_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_apps" ADD CONSTRAINT "recent_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_app_messages" ADD CONSTRAINT "user_app_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_app_messages" ADD CONSTRAINT "user_app_messages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_recipient_idx" ON "chat_messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("recipient_id","conversation_id") WHERE "chat_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("user_a","user_b");--> statement-breakpoint
CREATE INDEX "conversations_user_b_idx" ON "conversations" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "usage_events_created_at_idx" ON "usage_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_events_username_created_at_idx" ON "usage_events" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_permissions_user_value_idx" ON "data_permissions" USING btree ("user_id","permission_type","permission_value");--> statement-breakpoint
CREATE INDEX "hospitals_province_idx" ON "hospitals" USING btree ("province","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lang_entries_lang_key_idx" ON "lang_entries" USING btree ("lang_type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "app_menus_app_path_idx" ON "app_menus" USING btree ("app_id","path");--> statement-breakpoint
CREATE INDEX "app_roles_role_idx" ON "app_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "apps_classification_idx" ON "apps" USING btree ("classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indication_departments_pair_idx" ON "indication_departments" USING btree ("indication","department");--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_competitors_name_idx" ON "medicine_competitors" USING btree ("medicine_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_indications_name_idx" ON "medicine_indications" USING btree ("medicine_id","indication");--> statement-breakpoint
CREATE INDEX "message_group_members_user_idx" ON "message_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recent_apps_user_used_idx" ON "recent_apps" USING btree ("user_id","used_at");--> statement-breakpoint
CREATE INDEX "deliveries_wwid_card_idx" ON "deliveries" USING btree ("wwid","card_id","sent_at","queue_id");--> statement-breakpoint
CREATE INDEX "pushes_push_date_idx" ON "pushes" USING btree ("push_date");--> statement-breakpoint
CREATE INDEX "pushes_fired_at_idx" ON "pushes" USING btree ("fired_at") WHERE "pushes"."status" = 'fired';--> statement-breakpoint
ALTER TABLE "home_statistics" ADD CONSTRAINT "home_statistics_id_unique" UNIQUE("id");--> statement-breakpoint
-- Not expressible in the Drizzle schema (kept by hand when this migration is regenerated):
-- pushes.read_count follows the first opens of the entry's deliveries, whoever marks them
-- (docs/decisions/0008).
CREATE FUNCTION "deliveries_count_first_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pushes" SET "read_count" = "read_count" + 1 WHERE "id" = NEW."queue_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deliveries_first_open" AFTER UPDATE OF "first_open_time" ON "deliveries"
  FOR EACH ROW WHEN (OLD."first_open_time" IS NULL AND NEW."first_open_time" IS NOT NULL)
  EXECUTE FUNCTION "deliveries_count_first_open"();
