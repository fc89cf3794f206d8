import { contactMessage, interestRegistration } from "~/db/schema/index.ts";

/** Each inbox's table, and its columns under the names the page shows. */
export const inboxes = {
  contact: {
    table: contactMessage,
    columns: {
      id: contactMessage.id,
      createdAt: contactMessage.createdAt,
      name: contactMessage.name,
      email: contactMessage.email,
      company: contactMessage.company,
      body: contactMessage.message,
      handledAt: contactMessage.handledAt,
    },
  },
  interest: {
    table: interestRegistration,
    columns: {
      id: interestRegistration.id,
      createdAt: interestRegistration.createdAt,
      name: interestRegistration.fullName,
      email: interestRegistration.email,
      company: interestRegistration.companyName,
      body: interestRegistration.role,
      handledAt: interestRegistration.handledAt,
    },
  },
} as const;
