package org.taf.engine.btree;

/**
 * What a {@link Modifier} decided to do with a key: nothing, delete it, or store a value.
 *
 * @param kind  the action
 * @param value the value to store, for {@link Kind#PUT}
 */
public record Mutation(Kind kind, byte[] value) {
    public enum Kind { NONE, DELETE, PUT }

    public static final Mutation NONE = new Mutation(Kind.NONE, null);
    public static final Mutation DELETE = new Mutation(Kind.DELETE, null);

    public static Mutation put(byte[] value) {
        return new Mutation(Kind.PUT, value);
    }
}
