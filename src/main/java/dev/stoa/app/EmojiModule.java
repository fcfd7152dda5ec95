package dev.stoa.app;

import dev.stoa.events.EventType;
import dev.stoa.emoji.EmojiActions;
import dev.stoa.emoji.EmojiImages;
import dev.stoa.emoji.EmojiQueries;
import dev.stoa.emoji.EmojiState;
import dev.stoa.emoji.EmojiViews;
import dev.stoa.emoji.ServerEmojiData;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Map;

/** Custom emoji. */
public final class EmojiModule implements Module {
    public final EmojiActions actions;
    final EmojiImages images;
    private final Core core;

    final EmojiViews views;
    /** The server's emoji data file the web client loads. */
    final ServerEmojiData serverEmoji = new ServerEmojiData();

    EmojiModule(Core c) {
        this.core = c;
        this.images = new EmojiImages(c.files());
        this.actions = new EmojiActions(c.db(), c.log(), c.emoji(), images, c.realm(), c.groupResolver());
        this.views = new EmojiViews(new EmojiQueries(c.db(), c.emoji()), actions, images);
    }

    @Override
    public List<StateContributor> state() {
        return List.of(new EmojiState(core.emoji()));
    }

    @Override
    public Map<EventType, Delivery.TypeRule> deliveryRules() {
        return EmojiState.rules();
    }
}
