CREATE TABLE "open_api_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_api_nonces_expires_idx" ON "open_api_nonces" USING btree ("expires_at");