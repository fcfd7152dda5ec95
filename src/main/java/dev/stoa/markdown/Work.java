package dev.stoa.markdown;

/**
 * Counts units of work (characters scanned, blocks and nodes visited) for one render, so tests
 * can assert rendering stays linear in the input without relying on wall-clock time.
 */
final class Work {
    private long units;

    void add(long n) {
        units += n;
    }

    long units() {
        return units;
    }
}
