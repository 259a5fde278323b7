package org.taf.runner.git;

import org.taf.runner.TafException;

/**
 * A revision, repository, tree or diff the {@code git} stage cannot use. The message names the revision or
 * diff file and the repository or parent commit at fault, with a suggestion where one is known.
 */
public class CheckoutException extends TafException {
    private static final long serialVersionUID = 1L;

    public CheckoutException(String message) {
        super(message);
    }

    public CheckoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
