package dev.stoa.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.stoa.http.CommonErrors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A provider's JSON, read the way Zulip's WildValue reads it: every access names its path, and a
 * missing key or a value of the wrong type is a 400 naming that path ("payload["sender"] is missing"),
 * so a malformed payload is refused before anything is written.
 */
public final class Payload implements Iterable<Payload> {
    private final String path;
    private final JsonNode node;

    Payload(String path, JsonNode node) {
        this.path = path;
        this.node = node;
    }

    public static Payload of(JsonNode root) { return new Payload("payload", root); }

    /** The member {@code key}; a 400 when this is not an object or the key is absent. */
    public Payload get(String key) {
        if (!node.isObject()) throw CommonErrors.notADict(path);
        JsonNode v = node.get(key);
        if (v == null) throw IntegrationErrors.keyMissing(path, key);
        return new Payload(path + "[\"" + key + "\"]", v);
    }

    /** The member, or a missing value whose every optional read is empty (Zulip's payload.get(key, default)). */
    public Payload opt(String key) {
        JsonNode v = node.isObject() ? node.get(key) : null;
        return new Payload(path + "[\"" + key + "\"]", v == null ? MissingNode.getInstance() : v);
    }

    public boolean has(String key) { return node.isObject() && node.has(key); }

    /** Python truthiness: present and not null, false, 0, "" or empty. */
    public boolean truthy() {
        if (node.isMissingNode() || node.isNull()) return false;
        if (node.isBoolean()) return node.booleanValue();
        if (node.isNumber()) return node.doubleValue() != 0;
        if (node.isTextual()) return !node.textValue().isEmpty();
        return node.isContainerNode() && !node.isEmpty();
    }

    public String str() {
        if (!node.isTextual()) throw CommonErrors.notAString(path);
        return node.textValue();
    }

    /** A string or null (check_none_or(check_string)). */
    public String strOrNull() {
        return node.isNull() || node.isMissingNode() ? null : str();
    }

    public long integer() {
        if (!node.isIntegralNumber()) throw CommonErrors.notAnInteger(path);
        return node.longValue();
    }

    public boolean bool() {
        if (!node.isBoolean()) throw CommonErrors.notABoolean(path);
        return node.booleanValue();
    }

    public List<Payload> list() {
        if (!node.isArray()) throw CommonErrors.notAList(path);
        List<Payload> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) out.add(new Payload(path + "[" + i + "]", node.get(i)));
        return out;
    }

    public List<String> keys() {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Override
    public Iterator<Payload> iterator() { return list().iterator(); }

    public JsonNode node() { return node; }

    /** The path Zulip's messages name: payload["a"][0]. */
    public String path() { return path; }
}
