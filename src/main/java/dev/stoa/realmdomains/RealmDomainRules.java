package dev.stoa.realmdomains;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Zulip's domain validation, and whether an email address is in one of the allowed domains. */
public final class RealmDomainRules {
    private static final Pattern LABEL = Pattern.compile("^[a-z0-9-]*$");

    private RealmDomainRules() {}

    /** The domain as stored (stripped, lower case), or Zulip's "Invalid domain: ..." error. */
    static String checkDomain(String raw) {
        String d = raw.strip().toLowerCase(Locale.ROOT);
        String problem = problem(d);
        if (problem != null) throw RealmDomainErrors.invalidDomain(problem);
        return d;
    }

    private static String problem(String d) {
        if (d.isEmpty()) return "Domain can't be empty.";
        if (!d.contains(".")) return "Domain must have at least one dot (.)";
        if (d.length() > 255) return "Domain is too long";
        if (d.startsWith(".") || d.endsWith(".")) return "Domain cannot start or end with a dot (.)";
        for (String label : d.split("\\.", -1)) {
            if (label.isEmpty()) return "Consecutive '.' are not allowed.";
            if (label.startsWith("-") || label.endsWith("-")) return "Subdomains cannot start or end with a '-'.";
            if (!LABEL.matcher(label).matches()) return "Domain can only have letters, numbers, '.' and '-'s.";
        }
        return null;
    }

    /**
     * Whether an address belongs to an allowed domain (for organizations that restrict sign-ups to
     * them): its domain exactly, or a parent domain that allows subdomains. As Zulip, an address
     * with "+" in its user part is never allowed then.
     */
    public static boolean allows(List<RealmDomainStore.Domain> domains, String email) {
        int at = email.lastIndexOf('@');
        if (at < 0 || email.substring(0, at).contains("+")) return false;
        String domain = email.substring(at + 1).toLowerCase(Locale.ROOT);
        for (RealmDomainStore.Domain d : domains) if (d.domain().equals(domain)) return true;
        for (String parent = domain; parent.contains("."); ) {
            parent = parent.substring(parent.indexOf('.') + 1);
            for (RealmDomainStore.Domain d : domains) if (d.allowSubdomains() && d.domain().equals(parent)) return true;
        }
        return false;
    }
}
