CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_role" CHECK ("staff_invitations"."role" in ('staff', 'admin')),
	CONSTRAINT "staff_invitations_email" CHECK ("staff_invitations"."email" = lower(btrim("staff_invitations"."email"))),
	CONSTRAINT "staff_invitations_one_end" CHECK (num_nonnulls("staff_invitations"."accepted_at", "staff_invitations"."withdrawn_at", "staff_invitations"."replaced_at") <= 1)
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_customers_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_uq" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_open_uq" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."withdrawn_at" is null and "staff_invitations"."replaced_at" is null;