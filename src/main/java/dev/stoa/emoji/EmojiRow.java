package dev.stoa.emoji;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;

/** One custom emoji row; deactivated emoji stay listed (old messages and reactions show them). */
public record EmojiRow(long id, String name, String fileName, String stillFileName, Long authorId, boolean deactivated) {
    /** The realm's id in upload paths (one realm per server). */
    public static final int REALM_ID = 1;
    public static final String IMAGE_PATH = "/user_avatars/" + REALM_ID + "/emoji/images/";

    public String sourceUrl() { return IMAGE_PATH + fileName; }

    public String stillUrl() { return stillFileName == null ? null : IMAGE_PATH + "still/" + stillFileName; }

    /** The API's RealmEmoji object. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("id", String.valueOf(id));
        o.put("name", name);
        o.put("source_url", sourceUrl());
        if (stillFileName == null) o.putNull("still_url"); else o.put("still_url", stillUrl());
        o.put("deactivated", deactivated);
        if (authorId == null) o.putNull("author_id"); else o.put("author_id", authorId);
        return o;
    }
}
