package dev.stoa.http;

import java.io.InputStream;
import java.util.Map;

/**
 * A file answered as a stream of known length (a data export can be far larger than memory
 * should hold; it may come from disk or from a bucket). HttpFront closes the stream.
 */
public record FileResponse(long length, InputStream in, String contentType, Map<String, String> headers) {}
