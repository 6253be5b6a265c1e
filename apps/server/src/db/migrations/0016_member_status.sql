-- Each member's status from their orders, once: from here on the order use cases keep it (memberStatus in
-- packages/contract/src/rules/member-status.ts, which this follows). Premium with a paid order, else Wait with one
-- awaiting confirmation or a charge that came after its cancel, else New.
UPDATE "user" SET "status" = CASE
	WHEN EXISTS (SELECT 1 FROM "orders" o WHERE o."user_id" = "user"."id" AND o."orders_status" = 'finish') THEN 'premium'
	WHEN EXISTS (
		SELECT 1 FROM "orders" o WHERE o."user_id" = "user"."id" AND o."orders_status" IN ('wait', 'paid_after_cancel')
	) THEN 'wait'
	ELSE 'new'
END;
