-- Issue 32: importing a visit history file by file, the sixth file's commit ran for more than 20
-- minutes where the fifth's took 5 (10,000,000 visits as ten files of 1,000,000, docs/decisions/0056).
-- PostgreSQL plans the statements of a PL/pgSQL function for the values of each of its first five
-- calls in a connection, and may then keep one generic plan for every later call, chosen by a cost
-- estimated without the values: an unnested array parameter counts as 10 rows. For an import's
-- million (representative, doctor, day) entries that plan joins by nested loops, rescanning the
-- unnested arrays and the pairs' stored days for each row (a statement of a million entries, after
-- five million visits: 57 s planned for its values, cancelled after 300 s with the generic plan).
-- The refresh is now planned for each call's own arrays: a few milliseconds of planning a call.
ALTER FUNCTION "visit_pair_days_refresh"(integer[], integer[], date[]) SET plan_cache_mode = force_custom_plan;
