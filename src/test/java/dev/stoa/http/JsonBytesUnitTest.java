package dev.stoa.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Responses are written as bytes (Json.bytes): the same text the String path wrote, raw nodes included. */
class JsonBytesUnitTest {
    @Test
    void bytesAreTheStringPathsTextWithRawNodesCopied() {
        ObjectNode n = Json.object().put("a", "plain").put("emoji", "é \uD83D\uDE00 ✓").put("esc", "q\"\\\n\u0001");
        n.set("raw", Json.raw("[{\"x\":1,\"name\":\"Zoë \uD83D\uDE00\"}]".getBytes(StandardCharsets.UTF_8)));
        n.putArray("after").add(1).add("two");
        String expected = "{\"a\":\"plain\",\"emoji\":\"é \uD83D\uDE00 ✓\",\"esc\":\"q\\\"\\\\\\n\\u0001\","
                + "\"raw\":[{\"x\":1,\"name\":\"Zoë \uD83D\uDE00\"}],\"after\":[1,\"two\"]}";
        assertThat(new String(Json.bytes(n), StandardCharsets.UTF_8)).isEqualTo(expected);
        assertThat(Json.write(n)).isEqualTo(expected);
    }

    @Test
    void aRawValueLargerThanTheGeneratorsBufferIsCopiedWhole() {
        String big = "[" + "1,".repeat(100_000) + "2]";
        ObjectNode n = Json.object();
        n.set("big", Json.raw(big.getBytes(StandardCharsets.UTF_8)));
        assertThat(new String(Json.bytes(n), StandardCharsets.UTF_8)).isEqualTo("{\"big\":" + big + "}");
    }
}
