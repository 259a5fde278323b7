package org.taf.runner.profile;

import org.taf.runner.TafException;

/**
 * A CPU setting of the profile could not be applied or restored: the message names the sysfs file,
 * the value and the key of the profile ({@code profile.cpu.strict=true} makes any of these an
 * error). When it is thrown by {@link CpuPinner#apply}, nothing is left changed.
 */
public class CpuPinException extends TafException {
    private static final long serialVersionUID = 1L;

    public CpuPinException(String message) {
        super(message);
    }

    public CpuPinException(String message, Throwable cause) {
        super(message, cause);
    }
}
