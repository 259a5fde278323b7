-- Version 2: history reads one series (host, workload, threads, data shape, settings) in time order.
-- The cells get their run's start time, filled in for the rows version 1 wrote, and an index that
-- serves that query without scanning or joining the runs.
ALTER TABLE taf_cell ADD COLUMN started_at VARCHAR(30);

UPDATE taf_cell SET started_at = (SELECT r.started_at FROM taf_run r WHERE r.run_id = taf_cell.run_id);

CREATE INDEX taf_cell_series ON taf_cell (host_fingerprint, workload, threads, data_tables, data_rows, data_seed,
    settings_key, started_at);
