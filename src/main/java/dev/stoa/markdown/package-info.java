/**
 * Zulip-compatible markdown rendering for Stoa: {@link dev.stoa.markdown.MarkdownRenderer}
 * turns message content into the HTML Zulip clients expect, reporting mentions, wildcards,
 * links, images and uploads in {@link dev.stoa.markdown.Rendered}. Realm data comes in through
 * {@link dev.stoa.markdown.MarkdownContext}; this package depends on nothing else in Stoa.
 *
 * <p>Pipeline (mirroring Zulip's Python-Markdown setup): whitespace normalisation, then
 * {@code Fences} (hanging lists, fenced code/quote/spoiler/math blocks; finished HTML goes to
 * the {@code Stash}), then {@code BlockParser} (+ {@code ListBlocks}, {@code LeafBlocks},
 * {@code Quotes}, {@code Tables}) builds an element tree, {@code Inline} applies the
 * {@code InlineRules} in Zulip's priority order, and {@code Serializer} writes escaped HTML,
 * adding image previews ({@code Previews}).
 *
 * <p>Safety: all text and attribute values are escaped at serialization; raw HTML in input is
 * never passed through; link URLs go through an allow-list of schemes; raw HTML is only ever
 * our own stash content or KaTeX output. Hostile input is bounded: block nesting depth, fence
 * depth and a per-render scan budget keep the work (counted in {@code Work}) linear.
 *
 * <p>KaTeX: {@link dev.stoa.markdown.Katex} runs the npm {@code katex} package in a long-lived
 * node helper; without node or katex, math renders as Zulip's {@code tex-error} fallback.
 */
package dev.stoa.markdown;
