/**
 * Server-side SVG charts for the site: line charts (thread sweeps, TPS and CPU over time, history)
 * and a forest plot of ratios with their intervals. Pure functions of their input, no JavaScript;
 * every text is escaped and every chart carries a title and a description for screen readers.
 */
package org.taf.runner.report.chart;
