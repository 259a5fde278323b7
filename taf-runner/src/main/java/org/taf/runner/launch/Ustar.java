package org.taf.runner.launch;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A minimal POSIX ustar writer for the container's root file system: directories and symbolic
 * links only, owned by root, with a fixed mtime so the same entries always give the same bytes
 * (the image name is a hash of them).
 */
final class Ustar {
    private static final int BLOCK = 512;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Adds a directory ({@code name} without a trailing slash) with the given octal mode. */
    Ustar directory(String name, int mode) {
        header(name + "/", mode, '5', "");
        return this;
    }

    /** Adds a symbolic link {@code name -> target}. */
    Ustar symlink(String name, String target) {
        header(name, 0777, '2', target);
        return this;
    }

    /** The archive, closed by the two zero blocks tar expects. */
    byte[] bytes() {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        copy.writeBytes(out.toByteArray());
        copy.writeBytes(new byte[2 * BLOCK]);
        return copy.toByteArray();
    }

    private void header(String name, int mode, char type, String link) {
        byte[] h = new byte[BLOCK];
        put(h, 0, 100, name);
        octal(h, 100, 8, mode);
        octal(h, 108, 8, 0); // uid
        octal(h, 116, 8, 0); // gid
        octal(h, 124, 12, 0); // size: directories and links carry no data
        octal(h, 136, 12, 0); // mtime: fixed, for reproducible bytes
        h[156] = (byte) type;
        put(h, 157, 100, link);
        put(h, 257, 6, "ustar");
        put(h, 263, 2, "00");
        put(h, 265, 32, "root");
        put(h, 297, 32, "root");
        for (int i = 148; i < 156; i++) {
            h[i] = ' '; // the checksum is computed with its own field as spaces
        }
        int sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, 7, String.format("%06o", sum)); // six digits, NUL, and the space already there
        out.writeBytes(h);
    }

    private static void put(byte[] h, int at, int len, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        if (b.length > len) {
            throw new IllegalArgumentException("tar field too long (" + len + " bytes max): " + s);
        }
        System.arraycopy(b, 0, h, at, b.length);
    }

    private static void octal(byte[] h, int at, int len, long value) {
        put(h, at, len, String.format("%0" + (len - 1) + "o", value));
    }
}
