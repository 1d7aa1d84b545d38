-- What readiness reports of the outbox (messages not yet sent) is read from this index alone.
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "sent_at" IS NULL;
