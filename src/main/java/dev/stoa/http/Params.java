package dev.stoa.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.http.MultiPartFormData;
import org.eclipse.jetty.io.Content;

/**
 * Decodes a request's parameters the three ways Zulip clients send them: the query string, an
 * application/x-www-form-urlencoded body (the Python client uses it for PATCH and DELETE too), and a
 * multipart/form-data body (the JavaScript client's POSTs). Malformed encodings are 400s.
 */
final class Params {
    record Parsed(Map<String, String> params, Map<String, Request.UploadedFile> files) {}

    private Params() {}

    static Parsed parse(org.eclipse.jetty.server.Request jr, byte[] body) throws Exception {
        Map<String, String> params = Request.newParams();
        Map<String, Request.UploadedFile> files = new HashMap<>();
        String query = jr.getHttpURI().getQuery();
        if (query != null) decodeForm(query.getBytes(StandardCharsets.ISO_8859_1), params);
        String type = jr.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (body.length > 0 && type != null) {
            String lower = type.toLowerCase(Locale.ROOT);
            if (lower.startsWith("application/x-www-form-urlencoded")) {
                decodeForm(body, params);
            } else if (lower.startsWith("multipart/form-data")) {
                decodeMultipart(type, body, params, files);
            }
        }
        return new Parsed(params, files);
    }

    static void decodeForm(byte[] raw, Map<String, String> out) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        if (text.isEmpty()) return;
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            out.put(percentDecode(k), percentDecode(v));
        }
    }

    private static String percentDecode(String s) {
        byte[] buf = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '+') {
                buf[n++] = ' ';
            } else if (c == '%') {
                if (i + 2 >= s.length()) throw malformed();
                int hi = Character.digit(s.charAt(i + 1), 16), lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) throw malformed();
                buf[n++] = (byte) (hi * 16 + lo);
                i += 2;
            } else {
                buf[n++] = (byte) c;
            }
        }
        return utf8(buf, n);
    }

    static String utf8(byte[] buf, int n) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(buf, 0, n)).toString();
        } catch (CharacterCodingException e) {
            throw malformed();
        }
    }

    private static ApiError malformed() {
        return CommonErrors.malformedParameters();
    }

    private static void decodeMultipart(String type, byte[] body, Map<String, String> params,
                                        Map<String, Request.UploadedFile> files) throws Exception {
        String boundary = MultiPart.extractBoundary(type);
        if (boundary == null) throw malformed();
        MultiPartFormData.Parser parser = new MultiPartFormData.Parser(boundary);
        parser.setMaxParts(1000);
        // The body is already in memory (at most 25 MiB): keep every part there, never on disk.
        parser.setMaxMemoryFileSize(HttpFront.MAX_BODY_BYTES);
        parser.setMaxLength(HttpFront.MAX_BODY_BYTES);
        parser.setUseFilesForPartsWithoutFileName(false);
        MultiPartFormData.Parts parts;
        try {
            parts = parser.parse(Content.Source.from(ByteBuffer.wrap(body))).get();
        } catch (ExecutionException e) {
            throw malformed();
        }
        try (parts) {
            for (MultiPart.Part part : parts) {
                byte[] bytes = bytes(part);
                if (part.getFileName() != null) {
                    String ct = part.getHeaders().get(HttpHeader.CONTENT_TYPE);
                    files.put(part.getName(), new Request.UploadedFile(part.getName(), part.getFileName(), ct, bytes));
                } else if (part.getName() != null) {
                    params.put(part.getName(), utf8(bytes, bytes.length));
                }
            }
        }
    }

    /** A part's raw bytes (ISO-8859-1 maps bytes 1:1; newContentSource() fails on in-memory parts). */
    private static byte[] bytes(MultiPart.Part part) throws Exception {
        ByteBuffer buf = Content.Source.asByteBuffer(part.createContentSource());
        byte[] out = new byte[buf.remaining()];
        buf.get(out);
        return out;
    }
}
