/**
 * Page identity and layout: the FIL header every page carries (checksum, space, number, LSN, type) and the slotted
 * index-page format.
 */
package org.taf.engine.page;
