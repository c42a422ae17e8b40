-- Names shown to others hold no hidden or direction-changing characters (issue 28): those stored
-- before the rule lose them; a nickname left empty falls back to the user name.
UPDATE "users" SET "nickname" = coalesce(nullif(btrim(regexp_replace("nickname", '[' || U&'\202A-\202E\2066-\2069\200B\200C\200E\200F\2060-\2064\FEFF\00AD\2028\2029' || ']', '', 'g')), ''), "user_name") WHERE "nickname" ~ ('[' || U&'\202A-\202E\2066-\2069\200B\200C\200E\200F\2060-\2064\FEFF\00AD\2028\2029' || ']');
