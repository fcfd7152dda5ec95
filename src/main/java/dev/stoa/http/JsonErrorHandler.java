package dev.stoa.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty answers itself, before HttpFront sees the request (a URI or headers over the
 * limit, an unparsable request line): in Zulip's JSON error shape too, never Jetty's HTML page.
 * The connection is closed after them, and said so, so that no client reuses it.
 */
public final class JsonErrorHandler extends ErrorHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        if (status < 400) status = 500;
        ObjectNode body = Json.object();
        body.put("result", "error");
        body.put("msg", message(status));
        body.put("code", (status >= 500 ? ErrorCode.INTERNAL_SERVER_ERROR : ErrorCode.BAD_REQUEST).name());
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        response.write(true, ByteBuffer.wrap(Json.write(body).getBytes(StandardCharsets.UTF_8)), callback);
        return true;
    }

    private static String message(int status) {
        return switch (status) {
            case 414 -> "Request URI is too long.";
            case 431 -> "Request headers are too large.";
            default -> {
                String m = HttpStatus.getMessage(status);
                yield m == null ? "Bad request" : m;
            }
        };
    }
}
