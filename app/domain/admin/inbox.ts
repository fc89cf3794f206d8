export const inboxKinds = ["contact", "interest"] as const;
export type InboxKind = (typeof inboxKinds)[number];
export const inboxStates = ["open", "handled", "all"] as const;
export type InboxState = (typeof inboxStates)[number];
