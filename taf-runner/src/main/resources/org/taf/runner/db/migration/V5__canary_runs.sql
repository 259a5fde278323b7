-- Version 5: the canary runs of `taf canary` (A/A and a planted slowdown), so that `taf health` counts the gate's
-- catches and false alarms per host and definition. taf_run.canary is AA or PLANTED (results.json's `canary`), NULL
-- for every other run, and so for every run stored before. The index lists a host's canaries without reading their
-- JSON: taf health then reads only the last runs of each kind.
ALTER TABLE taf_run ADD COLUMN canary VARCHAR(20);

CREATE INDEX taf_run_canary ON taf_run (canary, host_fingerprint, name, started_at, run_id);
