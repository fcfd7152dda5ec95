package dev.stoa.bench;

/** How big each scenario is: the sizes, or small ones that run everything in under two minutes (--quick). */
record Sizes(int users, int channels, long[] messageSteps, int sendListeners, double sendRate, double seconds, int fanoutListeners,
             int fanoutMessages, int registerChannels, int[] mixPeople, double mixSeconds, int memoryQueues, int memoryPolls,
             int[] scaleSubscribers, int teamSize, int dms, int rateSteps, int latencyPeople, int latencyWarmup, int latencyMeasured) {

    /** STOA_BENCH_MESSAGES (e.g. 100000) replaces the full history's final size, for quicker profiling runs. */
    static Sizes full() {
        String m = System.getenv("STOA_BENCH_MESSAGES");
        long last = m == null || m.isBlank() ? 1_000_000 : Long.parseLong(m.strip());
        return new Sizes(10_000, 1_000, new long[] {Math.min(10_000, last), Math.min(100_000, last), last}, 100, 500, 10, 2_000, 20, 100,
                new int[] {1_000, 2_500, 5_000, 10_000}, 60, 10_000, 5_000, new int[] {10, 100, 1_000, 10_000}, 100, 200, 8, 50, 300, 300);
    }

    static Sizes quick() {
        return new Sizes(300, 20, new long[] {1_000, 5_000, 20_000}, 100, 50, 1, 100, 5, 10, new int[] {50, 100}, 3, 300, 150,
                new int[] {10, 100}, 20, 20, 2, 50, 20, 40);
    }

    /** The history's final size. */
    long messages() { return messageSteps[messageSteps.length - 1]; }
}
