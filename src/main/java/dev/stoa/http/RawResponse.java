package dev.stoa.http;

import java.util.Map;

/** A non-JSON answer (a file download, a redirect). */
public record RawResponse(int status, String contentType, byte[] body, Map<String, String> headers) {}
