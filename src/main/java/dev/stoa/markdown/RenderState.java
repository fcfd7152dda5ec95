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
    /**
     * Budget for scans that could otherwise go superlinear on hostile input (unclosed brackets,
     * URL paths, linkifier retries, code-span closers). Each such scan is charged here and to
     * {@link #work}; once it runs out those constructs stay plain text, so total work is linear.
     */
    private long scanBudget;

    RenderState(MarkdownContext ctx, Work work, Katex katex) {
        this.ctx = ctx;
        this.work = work;
        this.katex = katex;
    }

    void setScanBudget(long budget) {
        scanBudget = budget;
    }

    /** Charges {@code n} scanned characters; false once the budget is exhausted. */
    boolean spend(long n) {
        work.add(n);
        scanBudget -= n;
        return scanBudget >= 0;
    }

    boolean budgetLeft() {
        return scanBudget > 0;
    }
}
