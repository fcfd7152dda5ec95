package dev.stoa.render;

import dev.stoa.identity.User;
import dev.stoa.markdown.MarkdownContext;
import dev.stoa.markdown.MarkdownRenderer;
import dev.stoa.markdown.Rendered;
import org.jdbi.v3.core.Handle;

/**
 * THE adapter between the server and the Markdown renderer, for every message-like text: sends
 * and edits, previews (/messages/render), channel and folder descriptions, profile fields.
 * Content renders as its author would see it (their translate_emoticons setting), against the
 * realm's users, groups, channels, custom emoji and linkifiers. Thread-safe; never throws.
 */
public final class MessageRenderer {
    private final MarkdownRenderer renderer;
    private final RenderData data;

    public MessageRenderer(MarkdownRenderer renderer, RenderData data) {
        this.renderer = renderer;
        this.data = data;
    }

    /** Against the realm's data in memory (previews, descriptions); sender null: no personal preferences. */
    public Rendered render(User sender, String content) {
        return renderer.render(content, context(sender));
    }

    /**
     * Sends and edits: people, groups and channels are looked up on the acting transaction's
     * handle, so the content renders against the state that transaction sees.
     */
    public Rendered render(Handle h, User sender, String content) {
        return renderer.render(content, new TxContext(h, context(sender)));
    }

    /** The realm context for a sender (null: no sender preferences), e.g. for topic linkification. */
    public MarkdownContext context(User sender) {
        boolean emoticons = sender != null && sender.setting("translate_emoticons").asBoolean(false);
        return data.context(emoticons);
    }
}
