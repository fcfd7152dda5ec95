package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;

/** The inline rules in Zulip's priority order (highest first). */
final class InlineRules {
    private InlineRules() {}

    static Inline build(RenderState st) {
        Links links = new Links(st);
        Mentions mentions = new Mentions(st);
        EmojiRules emoji = new EmojiRules(st);
        TexRule tex = new TexRule(st);
        List<Inline.Rule> rules = new ArrayList<>();
        rules.add(BasicRules::backtick);
        rules.add(BasicRules::strongEm);
        rules.add(mentions::user);
        rules.add(tex::find);
        rules.add(mentions::topic);
        rules.add(mentions::channel);
        rules.add(Timestamps::find);
        rules.add(mentions::group);
        rules.add(BasicRules::escape);
        rules.add(links::link);
        rules.add(links::autolink);
        List<MarkdownContext.Linkifier> defs = st.ctx.linkifiers();
        Linkifiers linkifiers = new Linkifiers(defs == null ? List.of() : defs, links);
        for (int i = 0; i < linkifiers.size() && i < 64; i++) {
            rules.add(linkifiers.rule(i));
        }
        rules.add(BasicRules::entity);
        rules.add(BasicRules::strong);
        rules.add(BasicRules::emphasis);
        rules.add(BasicRules::del);
        rules.add(emoji::named);
        rules.add(emoji::emoticon);
        rules.add(BasicRules::lineBreak);
        rules.add(emoji::unicode);
        return new Inline(rules, st.work);
    }
}
