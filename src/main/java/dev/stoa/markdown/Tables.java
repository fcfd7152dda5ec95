package dev.stoa.markdown;

import java.util.ArrayList;
import java.util.List;

/** GitHub-style pipe tables, as Python-Markdown's tables extension parses them. */
final class Tables {
    private Tables() {}

    static boolean test(String block) {
        int nl = block.indexOf('\n');
        if (nl < 0) {
            return false;
        }
        String header = block.substring(0, nl).strip();
        int nl2 = block.indexOf('\n', nl + 1);
        String sep = (nl2 < 0 ? block.substring(nl + 1) : block.substring(nl + 1, nl2)).strip();
        List<String> head = split(header);
        if (head.size() < 2 && !(header.startsWith("|") || header.endsWith("|"))) {
            return false;
        }
        List<String> seps = split(sep);
        if (seps.size() != head.size()) {
            return false;
        }
        for (String c : seps) {
            if (!c.matches("[|:\\- ]*") || c.isBlank()) {
                return false;
            }
        }
        return true;
    }

    static void build(Node parent, String block) {
        String[] rows = block.split("\n", -1);
        List<String> head = split(rows[0].strip());
        List<String> aligns = new ArrayList<>();
        for (String c : split(rows[1].strip())) {
            String s = c.strip();
            aligns.add(s.startsWith(":") && s.endsWith(":") ? "center" : s.endsWith(":") ? "right" : s.startsWith(":") ? "left" : null);
        }
        Node table = parent.add("table");
        Node tr = table.add("thead").add("tr");
        addCells(tr, "th", head, aligns);
        Node body = table.add("tbody");
        for (int i = 2; i < rows.length; i++) {
            addCells(body.add("tr"), "td", split(rows[i].strip()), aligns);
        }
    }

    private static void addCells(Node tr, String tag, List<String> cells, List<String> aligns) {
        for (int i = 0; i < aligns.size(); i++) {
            Node cell = tr.add(tag);
            cell.text = i < cells.size() ? cells.get(i).strip() : "";
            if (aligns.get(i) != null) {
                cell.attrs.put("style", "text-align: " + aligns.get(i) + ";");
            }
        }
    }

    /** Splits on '|' outside backtick spans, dropping the optional outer borders. */
    static List<String> split(String row) {
        String r = row;
        if (r.startsWith("|")) {
            r = r.substring(1);
        }
        if (r.endsWith("|") && !r.endsWith("\\|")) {
            r = r.substring(0, r.length() - 1);
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inCode = false;
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c == '`') {
                inCode = !inCode;
            }
            if (c == '|' && !inCode && (i == 0 || r.charAt(i - 1) != '\\')) {
                cells.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        cells.add(cur.toString());
        return cells;
    }
}
