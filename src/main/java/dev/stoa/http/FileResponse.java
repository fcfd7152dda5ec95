package dev.stoa.http;

import java.nio.file.Path;
import java.util.Map;

/** A file answered as it is on disk, streamed (a data export can be far larger than memory should hold). */
public record FileResponse(Path file, String contentType, Map<String, String> headers) {}
