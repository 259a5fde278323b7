/** The syntax tree of the supported SQL subset: immutable records, as written (names unresolved). */
package org.taf.engine.sql.ast;
