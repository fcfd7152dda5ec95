package dev.stoa.scim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;

/**
 * A refusal in SCIM's error shape (RFC 7644 §3.12), as django-scim2 writes it for Zulip: schemas,
 * detail, status and, for some, scimType. The details are Zulip's texts.
 */
public final class ScimError extends RuntimeException {
    static final String SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

    private final int status;
    private final String scimType;

    ScimError(int status, String detail, String scimType) {
        super(detail);
        this.status = status;
        this.scimType = scimType;
    }

    static ScimError bad(String detail) { return new ScimError(400, detail, null); }

    static ScimError notFound(String id) { return new ScimError(404, "Resource " + id + " not found", null); }

    static ScimError conflict(String detail) { return new ScimError(409, detail, "uniqueness"); }

    /** What the protocol allows but Stoa, as Zulip, does not do (501, RFC 7644 §3.12). */
    static ScimError notImplemented() { return new ScimError(501, "Not Implemented", null); }

    public int status() { return status; }

    public ObjectNode json() {
        ObjectNode o = Json.object();
        o.putArray("schemas").add(SCHEMA);
        o.put("detail", getMessage());
        o.put("status", status);
        if (scimType != null) o.put("scimType", scimType);
        return o;
    }
}
