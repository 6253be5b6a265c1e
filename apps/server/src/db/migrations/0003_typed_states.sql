ALTER TABLE "user" ADD CONSTRAINT "user_name_title_check" CHECK ("name_title" IN ('นาย', 'นางสาว', 'นาง'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_status_check" CHECK ("status" IN ('new', 'wait', 'premium'));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_status_check" CHECK ("product_status" IN ('Show', 'Hide'));--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_coupon_type_check" CHECK ("coupon_type" IN ('All', 'Price', 'Percent', 'Point', 'Pay'));--> statement-breakpoint
ALTER TABLE "couponPoint" ADD CONSTRAINT "couponPoint_coupon_point_type_check" CHECK ("coupon_point_type" IN ('public', 'only'));--> statement-breakpoint
ALTER TABLE "couponPoint" ADD CONSTRAINT "couponPoint_coupon_point_status_check" CHECK ("coupon_point_status" IN ('op', 'cl', 'us'));--> statement-breakpoint
ALTER TABLE "productGroup" ADD CONSTRAINT "productGroup_product_group_type_check" CHECK ("product_group_type" IN ('facebook', 'line'));--> statement-breakpoint
ALTER TABLE "videoList" ADD CONSTRAINT "videoList_video_list_status_check" CHECK ("video_list_status" IN ('public', 'private', 'preview'));--> statement-breakpoint
ALTER TABLE "videoStatistics" ADD CONSTRAINT "videoStatistics_event_check" CHECK ("event" IN ('Play', 'Pause', 'Seeked', 'Ended'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orders_status_check" CHECK ("orders_status" IN ('wait', 'finish', 'cancel'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orders_payment_check" CHECK ("orders_payment" IN ('transfer', 'qrcode', 'credit', 'smatrpay', 'unionpay', 'coin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orders_payment_bank_check" CHECK ("orders_payment_bank" IN ('BBL', 'KBANK', 'KTB', 'SCB', 'BAY', 'TMB'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orders_book_send_check" CHECK ("orders_book_send" IN ('Y', 'N', 'C'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_type_check" CHECK ("receipt_type" IN ('person', 'company'));