package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Per-render mutable state: realm context, stash, work counter and the facts reported back. */
final class RenderState {
    final MarkdownContext ctx;
    final Stash stash = new Stash();
    final Work work;
    final Katex katex;
    final Set<Long> mentionedUsers = new LinkedHashSet<>();
    final Set<Long> silentUsers = new LinkedHashSet<>();
    final Set<Long> mentionedGroups = new LinkedHashSet<>();
    final List<String> uploadPathIds = new ArrayList<>();
    boolean streamWildcard;
    boolean topicWildcard;
    boolean hasLink;
    boolean hasImage;
    boolean hasAttachment;

    RenderState(MarkdownContext ctx, Work work, Katex katex) {
        this.ctx = ctx;
        this.work = work;
        this.katex = katex;
    }
}
