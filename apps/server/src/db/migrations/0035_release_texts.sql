CREATE TABLE "release_texts" (
	"lang_type" text NOT NULL,
	"key" text NOT NULL,
	"shipped" text,
	CONSTRAINT "release_texts_lang_type_key_pk" PRIMARY KEY("lang_type","key")
);
