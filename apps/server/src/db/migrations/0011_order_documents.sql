CREATE TABLE "orderDocument" (
	"orders_id" integer PRIMARY KEY NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"order_no" varchar(50) NOT NULL,
	"file" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"create_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orderDocument_doc_type_check" CHECK ("doc_type" IN ('receipt', 'taxInvoice'))
);
--> statement-breakpoint
ALTER TABLE "orderDocument" ADD CONSTRAINT "orderDocument_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orderDocument_order_no_key" ON "orderDocument" USING btree ("order_no");