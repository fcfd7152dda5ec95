package dev.stoa.testing;

import java.util.function.BooleanSupplier;

/** Waits in tests have deadlines: a regression fails the test instead of hanging the build. */
public final class Await {
    private Await() {}

    /** Checks `done` every few milliseconds; fails with `what` once `seconds` have passed. */
    public static void until(String what, int seconds, BooleanSupplier done) {
        long deadline = deadline(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("waited " + seconds + " s for " + what);
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }

    /** A System.nanoTime() deadline `seconds` from now, for loops that poll over HTTP. */
    public static long deadline(int seconds) {
        return System.nanoTime() + seconds * 1_000_000_000L;
    }

    /** Fails with `what` once `deadline` has passed. */
    public static void before(long deadline, String what) {
        if (System.nanoTime() > deadline) throw new AssertionError("deadline passed waiting for " + what);
    }
}
