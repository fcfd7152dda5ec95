package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Zulip's message widgets (zerver/lib/widget.py): a message whose first word is /poll or /todo
 * gets a first submessage of msg_type "widget" with {"widget_type", "extra_data"}; clients then
 * post votes, options and checked tasks as further submessages (POST /submessage), which this
 * class checks as Zulip's validate_poll_data / validate_todo_data do (by shape: a vote names an
 * option key and +1/-1; only the widget's author changes its question or title).
 */
public final class Widgets {
    private static final Pattern FIRST_WORD = Pattern.compile("\\s+");
    /** A list item's marker, dropped from an option or task line (Zulip: re.sub(r"(\s*[-*]?\s*)", "", line, 1)). */
    private static final Pattern ITEM_MARKER = Pattern.compile("^\\s*[-*]?\\s*");

    private Widgets() {}

    /** The widget content of a new message's text, if it starts with /poll or /todo. */
    public static Optional<ObjectNode> of(String content) {
        String first = FIRST_WORD.split(content, 2)[0];
        if (!first.equals("/poll") && !first.equals("/todo")) return Optional.empty();
        String rest = content.substring(content.indexOf(first) + first.length()).strip();
        String[] lines = rest.isEmpty() ? new String[0] : rest.split("\\R", -1);
        String title = lines.length > 0 ? lines[0].strip() : "";
        ObjectNode extra = Json.object();
        ArrayNode items = Json.array();
        for (int i = 1; i < lines.length; i++) {
            String line = ITEM_MARKER.matcher(lines[i].strip()).replaceFirst("");
            if (line.isEmpty()) continue;
            if (first.equals("/poll")) items.add(line);
            else {
                String[] td = line.split(": ", 2);
                items.addObject().put("task", td[0].strip()).put("desc", td.length > 1 ? td[1].strip() : "");
            }
        }
        if (first.equals("/poll")) extra.put("question", title).set("options", items);
        else extra.put("task_list_title", title).set("tasks", items);
        ObjectNode widget = Json.object().put("widget_type", first.substring(1));
        widget.set("extra_data", extra);
        return Optional.of(widget);
    }

    /** Checks a submessage's content (already a JSON object) against the widget it is for. */
    static void checkSubmessage(String widgetType, JsonNode data, boolean author) {
        String type = data.path("type").asText("");
        switch (widgetType) {
            case "poll" -> {
                switch (type) {
                    case "vote" -> require(data.path("key").isTextual() && Set.of(1, -1).contains(data.path("vote").asInt(0))
                            && data.path("vote").isInt(), "Invalid poll data");
                    case "new_option" -> require(data.path("idx").isInt() && data.path("option").isTextual(), "Invalid poll data");
                    case "question" -> {
                        require(data.path("question").isTextual(), "Invalid poll data");
                        require(author, "You can't edit a question unless you are the author.");
                    }
                    default -> throw MessageErrors.unknownTypeForPollData(type);
                }
            }
            case "todo" -> {
                switch (type) {
                    case "new_task" -> require(data.path("key").isInt() && data.path("task").isTextual() && data.path("desc").isTextual()
                            && data.path("completed").isBoolean(), "Invalid todo data");
                    case "strike" -> require(data.path("key").isTextual(), "Invalid todo data");
                    case "new_task_list_title" -> {
                        require(data.path("title").isTextual(), "Invalid todo data");
                        require(author, "You can't edit the task list title unless you are the author.");
                    }
                    default -> throw MessageErrors.unknownTypeForTodoData(type);
                }
            }
            default -> { }
        }
    }

    private static void require(boolean ok, String msg) {
        if (!ok) throw ApiError.bad(msg);
    }
}
