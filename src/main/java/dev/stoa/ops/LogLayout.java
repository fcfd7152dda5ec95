package dev.stoa.ops;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.stoa.http.Json;
import dev.stoa.http.RequestIds;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * One log line, as text ({@code time [thread] LEVEL logger [request_id] - message}) or as one JSON
 * object ({@code time, level, logger, thread, msg, request_id, error}); the message and the stack
 * trace are passed through {@link Redact} in both.
 */
final class LogLayout extends LayoutBase<ILoggingEvent> {
    private static final JsonFactory JSON = Json.MAPPER.getFactory(); // its shared buffer pool, not one per virtual thread
    private static final DateTimeFormatter TEXT_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ").withZone(ZoneId.systemDefault());
    private final boolean json;

    LogLayout(boolean json) { this.json = json; }

    @Override
    public String doLayout(ILoggingEvent e) {
        String msg = excerpt(Redact.text(e.getFormattedMessage()));
        IThrowableProxy t = e.getThrowableProxy();
        String error = t == null ? null : excerpt(Redact.text(ThrowableProxyUtil.asString(t)));
        String requestId = e.getMDCPropertyMap().get(RequestIds.MDC_KEY);
        return json ? json(e, msg, error) : text(e, msg, error, requestId);
    }

    /** The longest line kept, and the most of a message or stack trace kept in all. */
    static final int MAX_LINE = 1_000, MAX_TOTAL = 16_000;

    /**
     * A bounded excerpt: an exception's message can carry a whole SQL statement and its arguments
     * (a 1,000-term narrow logged 60 KB per request, issue 30), so each line and the whole are cut,
     * saying how much was left out.
     */
    static String excerpt(String s) {
        if (s == null || s.length() <= MAX_LINE && s.indexOf('\n') < 0) return s;
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_TOTAL + 64));
        for (String line : s.split("\n", -1)) {
            if (!b.isEmpty()) b.append('\n');
            if (b.length() >= MAX_TOTAL) {
                b.append("… (cut: ").append(s.length()).append(" characters in all)");
                break;
            }
            b.append(line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "… (" + (line.length() - MAX_LINE) + " more characters)");
        }
        return b.toString();
    }

    private static String text(ILoggingEvent e, String msg, String error, String requestId) {
        StringBuilder b = new StringBuilder(128).append(TEXT_TIME.format(Instant.ofEpochMilli(e.getTimeStamp())))
                .append(" [").append(e.getThreadName()).append("] ").append(e.getLevel()).append(' ').append(e.getLoggerName());
        if (requestId != null) b.append(" [").append(requestId).append(']');
        b.append(" - ").append(msg).append(CoreConstants.LINE_SEPARATOR);
        if (error != null) b.append(error);
        return b.toString();
    }

    private static String json(ILoggingEvent e, String msg, String error) {
        StringWriter w = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("time", Instant.ofEpochMilli(e.getTimeStamp()).toString());
            g.writeStringField("level", e.getLevel().toString());
            g.writeStringField("logger", e.getLoggerName());
            g.writeStringField("thread", e.getThreadName());
            g.writeStringField("msg", msg);
            for (Map.Entry<String, String> m : e.getMDCPropertyMap().entrySet()) g.writeStringField(m.getKey(), Redact.text(m.getValue()));
            if (error != null) g.writeStringField("error", error);
            g.writeEndObject();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return w.append('\n').toString();
    }
}
