package dev.stoa.db;

public enum Dialect {
    SQLITE, POSTGRES;

    public String migrations() {
        return this == SQLITE ? "classpath:db/sqlite" : "classpath:db/postgres";
    }
}
