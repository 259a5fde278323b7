-- Version 1 of TAF's results schema. One file for SQLite and MariaDB: only types both take (SQLite maps
-- VARCHAR/LONGTEXT to TEXT, DOUBLE to REAL, INT/BIGINT to INTEGER); ${table_options} is the charset on
-- MariaDB (utf8mb4, so commit authors survive) and nothing on SQLite. Instants are fixed-width UTC text
-- (yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ), which sorts in time order on both.

-- One row per run: the columns a list of runs needs, and results.json verbatim for a lossless read-back.
CREATE TABLE taf_run (
    run_id           VARCHAR(200) NOT NULL PRIMARY KEY,
    name             VARCHAR(200),
    status           VARCHAR(20)  NOT NULL,
    started_at       VARCHAR(30),
    finished_at      VARCHAR(30),
    host_fingerprint VARCHAR(16),
    runner_version   VARCHAR(100),
    format_version   INT          NOT NULL,
    results_json     LONGTEXT     NOT NULL
)${table_options};

-- One row per comparison x workload x threads of a run, keyed the way history series are.
CREATE TABLE taf_cell (
    run_id           VARCHAR(200) NOT NULL,
    comparison       VARCHAR(200) NOT NULL,
    workload         VARCHAR(100) NOT NULL,
    threads          INT          NOT NULL,
    host_fingerprint VARCHAR(16),
    data_tables      INT,
    data_rows        BIGINT,
    data_seed        BIGINT,
    parent_settings  LONGTEXT,
    patch_settings   LONGTEXT,
    settings_key     VARCHAR(16)  NOT NULL,
    runner_version   VARCHAR(100),
    parent_sha       VARCHAR(64),
    patch_sha        VARCHAR(64),
    verdict          VARCHAR(20),
    ratio            DOUBLE,
    ci_low           DOUBLE,
    ci_high          DOUBLE,
    parent_tps       DOUBLE,
    patch_tps        DOUBLE,
    PRIMARY KEY (run_id, comparison, workload, threads)
)${table_options};
