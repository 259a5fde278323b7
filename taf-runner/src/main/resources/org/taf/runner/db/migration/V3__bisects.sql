-- Version 3: the evidence of each taf bisect (its steps are runs, in taf_run already), so that a fleet's
-- bisects are found beside its runs: the columns a list needs, and bisect.json verbatim.
CREATE TABLE taf_bisect (
    bisect_id    VARCHAR(200) NOT NULL PRIMARY KEY,
    definition   VARCHAR(500),
    good_sha     VARCHAR(64)  NOT NULL,
    bad_sha      VARCHAR(64)  NOT NULL,
    outcome      VARCHAR(20)  NOT NULL,
    culprit_sha  VARCHAR(64),
    started_at   VARCHAR(30),
    finished_at  VARCHAR(30),
    bisect_json  LONGTEXT     NOT NULL
)${table_options};
