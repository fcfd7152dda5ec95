package dev.stoa.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The hostile-HTML checker itself finds what it looks for (so that 0 findings means something). */
class HtmlCheckUnitTest {
    @Test
    void findsWhatABrowserCouldRun() {
        assertThat(HtmlCheck.findings("<p>x<script>alert(1)</script></p>")).containsExactly("<script> element");
        assertThat(HtmlCheck.findings("<img src=x onerror=alert(1)>")).containsExactly("event handler onerror on <img>");
        assertThat(HtmlCheck.findings("<a href=\"java&#x09;script:alert(1)\">x</a>")).hasSize(1);
        assertThat(HtmlCheck.findings("<a href=\" JAVASCRIPT:x\">x</a>")).hasSize(1);
        assertThat(HtmlCheck.findings("<a href=\"data:text/html,x\">x</a>")).hasSize(1);
        assertThat(HtmlCheck.findings("<p style=\"color:red\">x</p>")).containsExactly("unexpected style \"color:red\" on <p>");
        assertThat(HtmlCheck.findings("<span class=\"katex\"><span style=\"height:1em\">x</span></span>")).isEmpty();
        assertThat(HtmlCheck.findings("<span class=\"katex\"><span style=\"background:url(x)\">x</span></span>")).hasSize(1);
    }

    @Test
    void acceptsWhatTheRendererEmits() {
        assertThat(HtmlCheck.findings("<p><a href=\"https://example.com/\">x</a> <a href=\"/user_uploads/1/a/b.txt\">f</a> "
                + "<a href=\"#narrow/channel/1-x\">c</a> <a href=\"mailto:a@b.c\">m</a></p>")).isEmpty();
    }
}
