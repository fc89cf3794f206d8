import { member, user } from "~/db/schema/index.ts";

/**
 * A member as a list of an organisation's people shows them, read from `member` with `user`
 * joined on `member.userId`: the person, their role in the organisation and since when.
 */
export const memberListColumns = {
  userId: member.userId,
  name: user.name,
  email: user.email,
  role: member.role,
  joinedAt: member.createdAt,
};
