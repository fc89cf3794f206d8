/**
 * Toasts that follow a redirect, named by `?notice=` (the seed's texts, section 8). The page also
 * shows the important ones inline, so nothing depends on the toast alone or on JavaScript.
 * The texts are a module of their own so public pages load them only when a notice is shown.
 */
export const notices = {
  "signed-in": { title: "Sign in successful", description: "You are now logged in." },
  "signed-up": { title: "Sign up successful", description: "Your account has been created." },
  "doctor-signed-in": { title: "Login successful!", description: "Welcome back, Doctor" },
  "signed-out": { title: "Sign out successful", description: "You have been logged out" },
  "auth-required": {
    title: "Authentication required",
    description: "Please sign in to access this page",
  },
  "session-expired": {
    title: "Your session has ended",
    description: "For your security you were signed out. Please sign in again.",
  },
  "email-verified": {
    title: "Email verified",
    description: "Your email address is verified. You can now sign in.",
  },
  "verify-failed": {
    title: "Verification link not valid",
    description: "The link has expired or was already used. Sign in to get a new one.",
  },
  "password-reset": { title: "Password changed", description: "Sign in with your new password." },
  "doctor-session-ended": {
    title: "Your session has ended",
    description: "You have been signed out. Sign in again to continue.",
  },
  "admin-created": {
    title: "Administrator account created",
    description: "Sign in, then set up two-factor authentication.",
  },
  "team-joined": {
    title: "Welcome to the team",
    description: "You have joined the organisation. You see the referrals your role allows.",
  },
  "left-organisation": {
    title: "You have left the organisation",
    description: "You no longer see its referrals or reports.",
  },
  "membership-created": {
    title: "Membership active",
    description: "Your payment was confirmed and your membership has started.",
  },
  "credits-purchased": {
    title: "Credits purchased",
    description: "Your payment was confirmed and the credits are in your balance.",
  },
  "payment-cancelled": {
    title: "Payment cancelled",
    description: "Nothing was charged. Choose a plan when you are ready.",
  },
  "two-factor-enabled": {
    title: "Two-factor authentication is on",
    description: "You will be asked for a code each time you sign in.",
  },
  "referral-invited": {
    title: "Assessment requested",
    description: "We have e-mailed the invitation and the link to complete the assessment.",
  },
  "referral-draft-saved": {
    title: "Draft saved",
    description: "You can finish and submit it later.",
  },
  "referral-cancelled": {
    title: "Referral cancelled",
    description: "The link no longer works. Nothing had been paid for it.",
  },
  "referral-reinvited": {
    title: "New invitation sent",
    description:
      "We have e-mailed the employee a new link, which works for 14 days. Nothing was charged.",
  },
  "referral-closed": {
    title: "Referral closed",
    description: "Closed with no further action. Its report stays here to read and download.",
  },
  "referral-manager-added": {
    title: "Manager added",
    description:
      "They can now see this referral and its released report, and will receive its e-mails.",
  },
  "referral-manager-removed": {
    title: "Manager removed",
    description: "They no longer receive this referral's e-mails, and a manager no longer sees it.",
  },
  "referral-left": {
    title: "You are no longer on that referral",
    description: "It is no longer in your list. Its owner can add you again.",
  },
  "referral-reassigned": {
    title: "Referral reassigned",
    description: "It now belongs to the member you chose, who will receive its e-mails.",
  },
  "organisation-switched": {
    title: "Organisation switched",
    description: "You are now working in another organisation.",
  },
  "order-closed": {
    title: "This order is closed",
    description: "It was cancelled, refunded or expired unpaid, so it cannot be paid now.",
  },
} as const;

/** What the page knows that a notice may name: the employer's active organisation. */
interface NoticeContext {
  organisationName?: string;
}

/**
 * Notices whose description depends on what happened, read from parameters the redirect adds
 * beside `notice` (and removes with it): what a cancellation gave back. The organisation a switch
 * moved to is read from the page (the header's own), never from the address, which anyone could
 * write.
 */
export const noticeDetails: Partial<
  Record<
    NoticeKey,
    { params: string[]; describe(params: URLSearchParams, page: NoticeContext): string | null }
  >
> = {
  "organisation-switched": {
    params: [],
    describe(_params, page) {
      return page.organisationName ? `You are now working in ${page.organisationName}.` : null;
    },
  },
  "referral-cancelled": {
    params: ["credits", "refund"],
    describe(params) {
      const credits = Number(params.get("credits") ?? 0);
      const refund = params.get("refund");
      const parts = ["The link no longer works."];
      if (credits > 0)
        parts.push(
          `${credits} ${credits === 1 ? "credit was" : "credits were"} returned to your balance.`,
        );
      if (refund && /^CN-\d{6}$/.test(refund))
        parts.push(
          `Your card payment is being refunded; credit note ${refund} is in your billing history.`,
        );
      return parts.length > 1 ? parts.join(" ") : null;
    },
  },
};

type NoticeKey = keyof typeof notices;

export function isNoticeKey(value: string | null): value is NoticeKey {
  return value !== null && Object.hasOwn(notices, value);
}
