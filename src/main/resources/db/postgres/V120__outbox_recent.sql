-- Issue 30: mail an anonymous visitor can cause is limited per address (Zulip's password_reset_form_by_email), counted from the outbox.
CREATE INDEX outbox_mail_recent ON outbox_mail (to_address, kind, created_at);
