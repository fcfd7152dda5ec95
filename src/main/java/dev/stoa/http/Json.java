package dev.stoa.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;

/** The one ObjectMapper; records serialize with snake_case names as Zulip's wire format uses. */
public final class Json {
    /**
     * Jackson's buffers come from a shared pool, not its default per-thread one: per thread, every
     * virtual thread that read or wrote JSON kept its own char[] and byte[] buffers (~8 KB) for as
     * long as it lived, which a parked long-poll does for up to 90 s (5,000 polls: ~40 MB).
     */
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder().recyclerPool(JsonRecyclerPools.sharedBoundedPool()).build())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private Json() {}

    public static ObjectNode object() { return MAPPER.createObjectNode(); }
    public static ArrayNode array() { return MAPPER.createArrayNode(); }

    public static JsonNode tree(Object value) { return MAPPER.valueToTree(value); }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses JSON text, or returns null when it is not valid JSON. */
    public static JsonNode parseOrNull(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final ConcurrentHashMap<String, ObjectNode> PARSED = new ConcurrentHashMap<>();

    /**
     * A stored JSON object (a row's settings), parsed once per distinct text: rows mostly share a few texts, and
     * parsing them was most of the cost of reading every channel or user (GET /messages, register). A copy each
     * time, so callers own what they get. Bounded (memory): past 1,024 distinct texts it starts over.
     */
    public static ObjectNode parseStoredObject(String text) {
        ObjectNode parsed = PARSED.get(text);
        if (parsed == null) {
            parsed = (ObjectNode) parse(text);
            if (PARSED.size() >= 1024) PARSED.clear();
            PARSED.put(text, parsed);
        }
        return parsed.deepCopy();
    }

    /** Combining surrogate pairs keeps non-BMP characters as they are (what the String path wrote), not as \\u escapes. */
    private static final ObjectWriter UTF8 = MAPPER.writer().with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);

    /**
     * The value as UTF-8 JSON, written straight to bytes: a response does not go through a String (measured: its
     * two conversions were a fifth of a big register's CPU).
     */
    public static byte[] bytes(Object value) {
        try {
            return UTF8.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A node whose JSON text is already written (UTF-8): serialized by copying the bytes, never parsed again. */
    public static JsonNode raw(byte[] utf8Json) {
        return MAPPER.getNodeFactory().rawValueNode(new RawValue(new RawUtf8(utf8Json)));
    }

    /** Raw JSON bytes for the UTF-8 generator's writeRawValue; the String path (Json.write) decodes them. Never quoted. */
    private record RawUtf8(byte[] utf8) implements SerializableString {
        @Override public String getValue() { return new String(utf8, StandardCharsets.UTF_8); }
        @Override public int charLength() { return getValue().length(); }
        @Override public byte[] asUnquotedUTF8() { return utf8; }
        @Override public int appendUnquoted(char[] buffer, int offset) { return -1; }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + utf8.length > buffer.length) return -1;
            System.arraycopy(utf8, 0, buffer, offset, utf8.length);
            return utf8.length;
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(utf8);
            return utf8.length;
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer out) {
            if (out.remaining() < utf8.length) return -1;
            out.put(utf8);
            return utf8.length;
        }

        @Override public char[] asQuotedChars() { throw new UnsupportedOperationException("raw JSON is never quoted"); }
        @Override public byte[] asQuotedUTF8() { throw new UnsupportedOperationException("raw JSON is never quoted"); }
        @Override public int appendQuotedUTF8(byte[] buffer, int offset) { throw new UnsupportedOperationException("raw JSON is never quoted"); }
        @Override public int appendQuoted(char[] buffer, int offset) { throw new UnsupportedOperationException("raw JSON is never quoted"); }
        @Override public int writeQuotedUTF8(OutputStream out) { throw new UnsupportedOperationException("raw JSON is never quoted"); }
        @Override public int putQuotedUTF8(ByteBuffer buffer) { throw new UnsupportedOperationException("raw JSON is never quoted"); }
    }

    public static ObjectNode success() {
        ObjectNode n = object();
        n.put("result", "success");
        n.put("msg", "");
        return n;
    }
}
