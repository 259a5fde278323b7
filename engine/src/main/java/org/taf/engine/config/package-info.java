/** The engine's configuration: MariaDB-named variables, their types, ranges and defaults. */
package org.taf.engine.config;
