CREATE TABLE "documentVoid" (
	"cancellation_no" varchar(50) PRIMARY KEY NOT NULL,
	"orders_id" integer NOT NULL,
	"voided_no" varchar(50) NOT NULL,
	"replacement_no" varchar(50) NOT NULL,
	"cause" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"create_by" integer NOT NULL,
	"create_at" timestamp(3) with time zone NOT NULL,
	CONSTRAINT "documentVoid_cause_check" CHECK ("cause" IN ('name', 'address', 'other'))
);
--> statement-breakpoint
ALTER TABLE "documentVoid" ADD CONSTRAINT "documentVoid_orders_id_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documentVoid_voided_no_key" ON "documentVoid" USING btree ("voided_no");--> statement-breakpoint
CREATE UNIQUE INDEX "documentVoid_replacement_no_key" ON "documentVoid" USING btree ("replacement_no");