-- Nigerian banks (server/src/db/seed/banks.ts) and Manage Platform's settlement parties.
CREATE TABLE "banks" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "banks_name_unique" UNIQUE("name"),
	CONSTRAINT "banks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "platform_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bank_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_partners_name_unique" UNIQUE("name")
);
--> statement-breakpoint
INSERT INTO "banks" ("id", "name", "code") VALUES
  (1, 'Access Bank', '044'),
  (2, 'Citibank Nigeria', '023'),
  (3, 'Ecobank Nigeria', '050'),
  (4, 'Fidelity Bank', '070'),
  (5, 'First Bank of Nigeria', '011'),
  (6, 'First City Monument Bank', '214'),
  (7, 'Globus Bank', '00103'),
  (8, 'Guaranty Trust Bank', '058'),
  (9, 'Jaiz Bank', '301'),
  (10, 'Keystone Bank', '082'),
  (11, 'Kuda Microfinance Bank', '50211'),
  (12, 'Lotus Bank', '303'),
  (13, 'Moniepoint Microfinance Bank', '50515'),
  (14, 'OPay Digital Services', '999992'),
  (15, 'Optimus Bank', '107'),
  (16, 'PalmPay', '999991'),
  (17, 'Parallex Bank', '104'),
  (18, 'Polaris Bank', '076'),
  (19, 'PremiumTrust Bank', '105'),
  (20, 'Providus Bank', '101'),
  (21, 'Signature Bank', '106'),
  (22, 'Stanbic IBTC Bank', '221'),
  (23, 'Standard Chartered Bank', '068'),
  (24, 'Sterling Bank', '232'),
  (25, 'SunTrust Bank', '100'),
  (26, 'TAJBank', '302'),
  (27, 'Titan Trust Bank', '102'),
  (28, 'Union Bank of Nigeria', '032'),
  (29, 'United Bank for Africa', '033'),
  (30, 'Unity Bank', '215'),
  (31, 'Wema Bank', '035'),
  (32, 'Zenith Bank', '057')
ON CONFLICT DO NOTHING;--> statement-breakpoint

-- A bank id stored before there was a list cannot be trusted to name a bank.
UPDATE "institutions" SET "bank_id" = NULL WHERE "bank_id" IS NOT NULL AND "bank_id" NOT IN (SELECT "id" FROM "banks");--> statement-breakpoint
ALTER TABLE "platform_partners" ADD CONSTRAINT "platform_partners_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;