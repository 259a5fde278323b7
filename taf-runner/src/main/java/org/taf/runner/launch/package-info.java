/**
 * The engine's lifecycle: start it on a fresh datadir through an {@link org.taf.runner.launch.EngineRuntime}
 * (a local process now, a container later), ready only after a real MySQL protocol handshake,
 * stop it gracefully then forcefully, and leave nothing running even when the runner is killed.
 */
package org.taf.runner.launch;
