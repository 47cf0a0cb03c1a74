-- The duplicate check (a doctor of the same name, hospital and first department) is served by doctors_name_idx: equality
-- on the name uses its text_pattern_ops, then the few doctors of that name are filtered; one index fewer for every
-- doctor written (an import of a national list; docs/decisions/0056).
DROP INDEX "doctors_duplicate_idx";
