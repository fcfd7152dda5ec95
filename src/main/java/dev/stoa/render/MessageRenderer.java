package dev.stoa.render;

import dev.stoa.markdown.MarkdownContext;
import dev.stoa.markdown.MarkdownRenderer;
import dev.stoa.markdown.Rendered;
import dev.stoa.identity.User;

/**
 * What the messages feature calls for every send, edit and preview: renders content as the
 * sender would see it (their translate_emoticons setting) against the realm's current users,
 * groups, channels, custom emoji and linkifiers. Thread-safe; never throws; no query per mention.
 */
public final class MessageRenderer {
    private final MarkdownRenderer renderer;
    private final RenderData data;

    public MessageRenderer(MarkdownRenderer renderer, RenderData data) {
        this.renderer = renderer;
        this.data = data;
    }

    public Rendered render(User sender, String content) {
        return renderer.render(content, context(sender));
    }

    /** The realm context for a sender (null: no sender preferences), e.g. for topic linkification. */
    public MarkdownContext context(User sender) {
        boolean emoticons = sender != null && sender.setting("translate_emoticons").asBoolean(false);
        return data.context(emoticons);
    }
}
