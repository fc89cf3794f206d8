/*
 * Accounts and requests for specs that run the production build in their own worker
 * (startInProcessServer): accounts are made on that server's runtime, and React Router's `.data`
 * addresses are read as the server tests read them.
 */
export { dataUrl } from "../../support/router-answers.ts";
export { createAccountOn } from "../../support/test-accounts.ts";
