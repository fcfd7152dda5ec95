-- What an action tells delivery beside an event's wire JSON (events.Hints), as JSON; NULL when none.
-- Entries appended before this column kept them in the payload under "__" keys: Hints.takeLegacy reads those.
ALTER TABLE events ADD COLUMN hints TEXT;
