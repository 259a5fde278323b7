/** TAF's runner: one sub-package per pipeline stage; this package holds only what all stages share. */
package org.taf.runner;
