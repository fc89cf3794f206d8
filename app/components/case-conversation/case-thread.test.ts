import { describe, expect, it } from "vitest";
import { type ThreadMessageView, unreadCount } from "./case-thread.tsx";

const message = (over: Partial<ThreadMessageView>): ThreadMessageView => ({
  id: crypto.randomUUID(),
  authorRole: "doctor",
  authorName: "Dr Amira Shah",
  body: "A question about the job.",
  sentAt: new Date().toISOString(),
  readAt: null,
  mine: false,
  sharedWithPerson: false,
  ...over,
});

describe("unreadCount: what the case page calls new", () => {
  it("counts the other side's unread messages, never a colleague's or the reader's own", () => {
    const thread = [
      message({ authorRole: "doctor" }),
      message({ authorRole: "doctor", readAt: new Date().toISOString() }),
      // HR's colleague asked the doctor: not news to the rest of the team.
      message({ authorRole: "hr_admin", authorName: "Hana HR" }),
      message({ authorRole: "owner", mine: true }),
    ];
    expect(unreadCount(thread, "employer")).toBe(1);
    expect(unreadCount(thread, "doctor")).toBe(1);
  });

  it("does not count another doctor's earlier message as new to the doctor on the case", () => {
    expect(unreadCount([message({ authorRole: "doctor", mine: false })], "doctor")).toBe(0);
    expect(unreadCount([message({ authorRole: "person" })], "doctor")).toBe(1);
  });
});
