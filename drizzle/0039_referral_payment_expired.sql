-- A checkout that lapsed unpaid has its own state, `payment_expired` ("Payment not completed"),
-- instead of `expired`, which now means only that an invitation lapsed (docs/architecture.md §4).
-- Referrals that lapsed unpaid before this change move to it: never invited, paid by an order that
-- expired. The referral_count_update trigger moves them between the maintained counts.
UPDATE "referral" SET "status" = 'payment_expired'
WHERE "status" = 'expired'
  AND "invited_at" IS NULL
  AND "payment_method" = 'order'
  AND "order_id" IN (SELECT "id" FROM "payment_order" WHERE "status" = 'expired');
