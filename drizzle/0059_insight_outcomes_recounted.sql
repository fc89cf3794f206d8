-- Outcomes counted before the reports they came from were marked (insight_counted_report) cannot
-- be told apart from reports released before outcomes were counted at all. They are emptied here,
-- with no report marked, and the start-up back-fill (countEarlierReleases,
-- app/domain/insight/count-earlier-releases.server.ts) counts every released report once, from its
-- sealed body, which SQL cannot open.
DELETE FROM insight_count WHERE measure IN ('outcome', 'adjustment', 'equality_act');
