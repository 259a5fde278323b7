package org.taf.runner.workload;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a {@link TestServer} into integration tests. Without {@code -Dtaf.it.server=host:port} it starts
 * one {@link MariaDbServer} for the whole test run (kept in the root store, stopped when the run ends);
 * with it, the tests use that server (for example TAF's own engine) and start nothing.
 */
final class MariaDbExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(MariaDbExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        String external = System.getProperty("taf.it.server");
        if (external != null && !external.isBlank()) {
            int colon = external.lastIndexOf(':');
            if (colon < 1) {
                throw new ParameterResolutionException("taf.it.server (" + external + ") must be host:port");
            }
            return new TestServer(external.substring(0, colon), Integer.parseInt(external.substring(colon + 1)),
                    System.getProperty("taf.it.user", "root"), System.getProperty("taf.it.password", ""));
        }
        MariaDbServer server = context.getRoot().getStore(NS).computeIfAbsent("mariadb", key -> {
            try {
                return MariaDbServer.start();
            } catch (Exception e) {
                throw new ParameterResolutionException("cannot start MariaDB for the integration tests", e);
            }
        }, MariaDbServer.class);
        return server.server();
    }
}
