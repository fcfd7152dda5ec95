-- Issue 30: an uploader's bytes in the last hour (the per-user upload rate) are summed from here.
CREATE INDEX attachments_owner_time ON attachments (owner_id, create_time);
