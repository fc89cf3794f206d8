/** The password of every account the browser tests make or seed. */
export const PASSWORD = "Teal-Harbour-Lantern-42";
