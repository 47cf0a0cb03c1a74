CREATE TABLE "report_team_targets" (
	"org_id" integer NOT NULL,
	"period" text NOT NULL,
	"target_recruit" integer DEFAULT 0 NOT NULL,
	"target_interaction" integer DEFAULT 0 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_team_targets_org_id_period_pk" PRIMARY KEY("org_id","period"),
	CONSTRAINT "report_team_targets_period_check" CHECK ("report_team_targets"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "report_team_targets_positive_check" CHECK ("report_team_targets"."target_recruit" >= 0 and "report_team_targets"."target_interaction" >= 0)
);
--> statement-breakpoint
ALTER TABLE "report_team_targets" ADD CONSTRAINT "report_team_targets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;