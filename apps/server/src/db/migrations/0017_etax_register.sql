CREATE TABLE "issuedDocument" (
	"doc_no" varchar(50) PRIMARY KEY NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"type_code" varchar(3),
	"orders_id" integer NOT NULL,
	"refund_id" integer,
	"issued_at" timestamp(3) with time zone NOT NULL,
	"buyer_scheme" varchar(4),
	"buyer_id" varchar(18),
	"basis" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"signed" boolean NOT NULL,
	"folder" varchar(30) NOT NULL,
	"file" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"xml_file" varchar(255),
	"refers_to" varchar(50),
	"voided_by" varchar(50),
	"create_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuedDocument_doc_type_check" CHECK ("doc_type" IN ('receipt', 'taxInvoice', 'creditNote', 'refundNote', 'cancellationNote'))
);
--> statement-breakpoint
ALTER TABLE "issuedDocument" ADD CONSTRAINT "issuedDocument_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuedDocument" ADD CONSTRAINT "issuedDocument_refund_id_orderRefund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."orderRefund"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuedDocument_issued_at_idx" ON "issuedDocument" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "issuedDocument_orders_id_idx" ON "issuedDocument" USING btree ("orders_id");