package org.taf.runner.db;

/**
 * Which cell rows make one history series; a null field matches any value. A series that means something
 * fixes all of them: one host fingerprint, workload, thread count, data shape and settings.
 *
 * @param hostFingerprint {@link org.taf.runner.results.HostFingerprint#id()} of the host
 * @param workload        TAF's test name, e.g. POINT_SELECT
 * @param threads         client threads
 * @param dataTables      {@code workload.tables}
 * @param dataRows        {@code workload.table_size}
 * @param dataSeed        {@code workload.seed}
 * @param settingsKey     {@link CellRow#settingsKey()}: both sides' engine settings
 */
public record SeriesFilter(String hostFingerprint, String workload, Integer threads, Integer dataTables,
                           Long dataRows, Long dataSeed, String settingsKey) {
    /** Every row. */
    public static SeriesFilter any() {
        return new SeriesFilter(null, null, null, null, null, null, null);
    }

    /** The series {@code row} belongs to. */
    public static SeriesFilter of(CellRow row) {
        return new SeriesFilter(row.hostFingerprint(), row.workload(), row.threads(), row.dataTables(),
                row.dataRows(), row.dataSeed(), row.settingsKey());
    }
}
