-- Secrets every node of one deployment shares, made on first use: the key that signs temporary
-- upload URLs, so that a URL one node hands out is honoured by all.
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
