-- Sign-in (issue 28): the configured sign-in methods the organization's owners turned off (PATCH /realm
-- authentication_methods), by Zulip's backend name ("Email", "LDAP", "OpenID Connect", ...). A method
-- configured later starts enabled; the server's configuration decides which methods exist at all.
CREATE TABLE signin_methods_disabled (
    backend TEXT PRIMARY KEY
);
