/**
 * The main job: turns a test definition into a plan of measurements, prepares each side (checkout,
 * build, data), runs the measurements interleaved, and assembles the results record tree.
 */
package org.taf.runner.run;
