/** The longest correction request a person may write (shared by the page and the server). */
export const CORRECTION_COMMENT_MAX = 4000;
