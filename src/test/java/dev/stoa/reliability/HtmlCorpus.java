package dev.stoa.reliability;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The hostile-HTML corpus: script URLs in every spelling and link form, raw HTML, entity and
 * unicode tricks, KaTeX commands, spoilers, code fences, mentions, emoji and time syntax.
 */
final class HtmlCorpus {
    private HtmlCorpus() {}

    static final List<String> SCHEMES = List.of("javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
            "java\tscript:alert(1)", "java\nscript:alert(1)", "java&#x09;script:alert(1)", "&#106;avascript:alert(1)",
            "javascript&colon;alert(1)", "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
            "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data:image/svg+xml,<svg onload=alert(1)>",
            "\u0001javascript:alert(1)", "javascript\u0000:alert(1)", "%6A%61vascript:alert(1)", "livescript:alert(1)",
            "file:///etc/passwd", "jar:http://x!/", "javascript://%0Aalert(1)", "  JAVASCRIPT:alert(1)");
    static final List<String> LINK_FORMS = List.of("[click](%s)", "<%s>", "[click][ref]\n\n[ref]: %s", "![img](%s)", "%s",
            "[click](%s \"title\")", "[click](<%s>)", "[x](https://ok.example/)[y](%s)");
    static final List<String> RAW = List.of("<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>",
            "<iframe src=\"javascript:alert(1)\"></iframe>", "<a href=\"javascript:alert(1)\">x</a>", "<div style=\"background:url(javascript:alert(1))\">x</div>",
            "<style>*{color:red}</style>", "<object data=\"javascript:alert(1)\"></object>", "<embed src=\"javascript:alert(1)\">",
            "<form action=\"javascript:alert(1)\"><button>x</button></form>", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
            "<details open ontoggle=alert(1)>", "<body onload=alert(1)>", "<input autofocus onfocus=alert(1)>",
            "<video><source onerror=alert(1)></video>", "<marquee onstart=alert(1)>", "<base href=\"javascript:alert(1)//\">",
            "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">", "<link rel=import href=\"data:text/html,x\">",
            "<scr<script>ipt>alert(1)</script>", "<<script>script>alert(1)<</script>/script>", "<IMG SRC=JaVaScRiPt:alert(1)>",
            "<img src=`javascript:alert(1)`>", "<a href='jav&#x0A;ascript:alert(1)'>x</a>", "<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
            "<p style=\"position:fixed;top:0;left:0;width:100%;height:100%\">overlay</p>", "<span class=\"user-mention\" data-user-id=\"1\">@fake</span>",
            "<!--<img src=x onerror=alert(1)>-->", "<![CDATA[<script>alert(1)</script>]]>", "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">");
    static final List<String> ENTITY = List.of("&lt;script&gt;alert(1)&lt;/script&gt;", "&#60;script&#62;alert(1)&#60;/script&#62;",
            "&amp;lt;script&amp;gt;", "&#x3C;img src=x onerror=alert(1)&#x3E;", "&lt;img src=x onerror=alert(1)>", "\\<script>alert(1)\\</script>",
            "&#0000060script&#0000062", "&LT;script&GT;", "%3Cscript%3Ealert(1)%3C/script%3E", "&#x26;#x3C;script>");
    static final List<String> UNICODE = List.of("\u202e<script>alert(1)</script>", "\ufeff<script>alert(1)</script>", "＜script＞alert(1)＜/script＞",
            "\u0000<script>", "<scr\u200bipt>alert(1)</scr\u200bipt>", "ｊａｖａｓｃｒｉｐｔ:alert(1)", "<img src=x onerror\u000c=alert(1)>",
            "\ud83d\ude00<img src=x onerror=alert(1)>", "<a href=\"\u2028javascript:alert(1)\">x</a>", "[x](\u00a0javascript:alert(1))");
    static final List<String> KATEX = List.of("$$\\href{javascript:alert(1)}{x}$$", "$$\\url{javascript:alert(1)}$$",
            "$$\\htmlClass{x}{y}$$", "$$\\htmlStyle{color:red;background:url(javascript:alert(1))}{y}$$", "$$\\htmlId{x}{y}$$",
            "$$\\htmlData{foo=bar}{y}$$", "$$\\includegraphics{javascript:alert(1)}$$", "$$x<script>alert(1)</script>$$",
            "$$\\text{<img src=x onerror=alert(1)>}$$", "$$\\def\\a{\\a}\\a$$", "$$\\href{data:text/html,x}{y}$$", "$$\\color{red}{x}$$");
    static final List<String> BLOCKS = List.of("```spoiler <script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```",
            "```spoiler [x](javascript:alert(1))\nbody\n```", "```html\n<script>alert(1)</script>\n```", "```javascript:alert(1)\nx\n```",
            "```\n</code></pre><script>alert(1)</script>\n```", "> <script>alert(1)</script>", "* [x](javascript:alert(1))",
            "| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |", "```quote\n<img src=x onerror=alert(1)>\n```",
            "    <script>indented code</script>", "~~~ <img src=x onerror=alert(1)>\nx\n~~~", "```math\n\\href{javascript:alert(1)}{x}\n```");
    static final List<String> SYNTAX = List.of("@**<script>alert(1)</script>**", "@*<img src=x onerror=alert(1)>*", "#**<svg onload=alert(1)>**",
            "#**fz public>\"><script>alert(1)</script>**", ":<script>alert(1)</script>:", ":javascript:", "<time:javascript:alert(1)>",
            "<time:\"><script>alert(1)</script>>", "!avatar(<script>)", "/me <img src=x onerror=alert(1)>", "@_**x\" onmouseover=\"alert(1)**",
            "!lnk:javascript:alert(1)", "!lnk:data:text/html,x", "!lnk:\"><script>alert(1)</script>");

    /** Every payload, without repeats. */
    static List<String> all() {
        Set<String> out = new LinkedHashSet<>();
        for (String scheme : SCHEMES) for (String form : LINK_FORMS) out.add(form.replace("%s", scheme));
        out.addAll(RAW);
        out.addAll(ENTITY);
        out.addAll(UNICODE);
        out.addAll(KATEX);
        out.addAll(BLOCKS);
        out.addAll(SYNTAX);
        return new ArrayList<>(out);
    }

    /** Short payloads for names (users, groups, topics): raw HTML, entities and unicode tricks. */
    static List<String> names() {
        List<String> out = new ArrayList<>();
        for (String p : RAW) if (p.length() <= 60) out.add(p);
        out.addAll(ENTITY);
        out.addAll(UNICODE.stream().filter(p -> p.indexOf('\u0000') < 0).toList());
        return out;
    }
}
