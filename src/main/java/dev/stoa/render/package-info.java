/**
 * Server-side rendering of message Markdown against the realm's data.
 *
 * <p>For the messages feature: {@link dev.stoa.render.MessageRenderer#render(dev.stoa.identity.User, String)}
 * returns a {@link dev.stoa.markdown.Rendered} (HTML, mentioned users/groups, wildcards, links,
 * images, upload paths) for every send, edit and preview; {@code context(sender)} gives the
 * {@link dev.stoa.markdown.MarkdownContext} (e.g. for topic linkification). Custom emoji for
 * reactions: {@link dev.stoa.emoji.RealmEmoji} ({@code byName}, {@code activeRow}, {@code byId}).
 * Both are built in {@code Stoa.wire}; channels plug their name lookup into {@link dev.stoa.render.RenderData}
 * there.
 *
 * <p>{@link dev.stoa.render.RenderData} keeps users, groups and linkifiers in memory and
 * reloads a part when a committed event of its kind has been published (see
 * {@link dev.stoa.events.LogFollower}), so rendering makes no query per mention.
 * {@link dev.stoa.render.RenderViews} serves POST /messages/render and GET /thumbnail.
 */
package dev.stoa.render;
