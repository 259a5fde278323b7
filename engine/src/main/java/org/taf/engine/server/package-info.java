/**
 * The MySQL client/server protocol over the SQL layer: {@link org.taf.engine.server.Main} (the
 * entry point of engine.jar), the listener, and one thread per connection. Thread per connection
 * rather than NIO because a session blocks inside the engine — on row locks for up to
 * innodb_lock_wait_timeout, on page reads — exactly as MariaDB's one-thread-per-connection does;
 * an event loop would need a worker pool for those waits anyway, and the benchmarks run tens of
 * connections, not thousands. Replies are built in one buffer and written with one system call.
 */
package org.taf.engine.server;
