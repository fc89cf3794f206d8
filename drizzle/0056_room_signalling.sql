CREATE TABLE "room_host" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_member" (
	"room" text NOT NULL,
	"role" text NOT NULL,
	"connection" text NOT NULL,
	"host_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_member_room_role_pk" PRIMARY KEY("room","role")
);
--> statement-breakpoint
CREATE TABLE "room_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_host_heartbeat_at_idx" ON "room_host" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE INDEX "room_member_host_id_idx" ON "room_member" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "room_message_host_id_idx" ON "room_message" USING btree ("host_id");